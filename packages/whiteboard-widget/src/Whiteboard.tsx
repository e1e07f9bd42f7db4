import { CaptureUpdateAction, Excalidraw, exportToBlob, exportToSvg } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
} from 'react';
import type { SceneElement } from '@tabula/domain';
import { useAccessibleExcalidrawControls } from './accessibleControls';
import { NARROW_BOARD_PX, useIsNarrow } from './useIsNarrow';
import { BackdropButton } from './BackdropButton';
import { useBackdrop } from './backdrop';
import { toExcalidrawCollaborators } from './collaborators';
import { createDeltaTracker } from './scene/deltaTracker';
import { editingElementIds, sameIds } from './scene/editingIds';
import { withValidIndices } from './scene/fractionalIndex';
import { DeferredRemote, mergeRemote } from './scene/mergeRemote';
import type { ExcalidrawElements, WhiteboardHandle, WhiteboardProps } from './Whiteboard.types';

const NO_EDITING: ReadonlySet<string> = new Set();

/**
 * Tabula's drawing surface: Excalidraw with deltas out (`onChange`), peers' elements in
 * (`ref.applyRemote`), a backdrop button and optional remote cursors. It knows nothing about
 * transports; `@tabula/whiteboard/collab` wires it to a Tabula server.
 *
 * Give it a container with a height: it fills its parent.
 */
const WhiteboardBase = forwardRef<WhiteboardHandle, WhiteboardProps>(
  function WhiteboardBase(props, ref) {
    const {
      initialElements,
      onChange,
      onEditingChange,
      onPointerMove,
      collaborators,
      readOnly = false,
      theme = 'light',
      uiOptions,
      backdropStorageKey,
      showBackdropButton = true,
      onBackdropChange,
      langCode,
      className,
      style,
      children,
    } = props;

    const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
    const tracker = useMemo(() => createDeltaTracker(), []);
    const deferred = useMemo(() => new DeferredRemote(), []);
    const editingRef = useRef<ReadonlySet<string>>(NO_EDITING);
    const queuedRemote = useRef<SceneElement[]>([]);
    const callbacks = useRef({ onChange, onEditingChange, onPointerMove, onBackdropChange });
    callbacks.current = { onChange, onEditingChange, onPointerMove, onBackdropChange };

    const [backdrop, cycleBackdrop] = useBackdrop(backdropStorageKey);

    const initialData = useMemo(() => {
      const elements = (initialElements ?? []).map((element) => structuredClone(element));
      tracker.markSeen(elements);
      return {
        elements: elements as unknown as ExcalidrawElements,
        appState: { viewBackgroundColor: backdrop },
        scrollToContent: elements.length > 0,
      };
      // The initial data is read once, as Excalidraw does.
    }, []);

    const applyRemote = useCallback(
      (remote: readonly SceneElement[]) => {
        const api = apiRef.current;
        if (!api) {
          queuedRemote.current.push(...remote);
          return;
        }
        const local = api.getSceneElementsIncludingDeleted() as unknown as SceneElement[];
        const editing = editingElementIds(api.getAppState());
        const merge = mergeRemote(local, withValidIndices(remote), editing);
        deferred.hold(merge.deferred);
        if (!merge.scene) return;
        tracker.markSeen(merge.applied);
        api.updateScene({
          elements: merge.scene as unknown as ExcalidrawElements,
          captureUpdate: CaptureUpdateAction.NEVER,
        });
      },
      [deferred, tracker],
    );

    const collaboratorsRef = useRef(collaborators);
    collaboratorsRef.current = collaborators;

    const handleApi = useCallback(
      (api: ExcalidrawImperativeAPI) => {
        apiRef.current = api;
        const queued = queuedRemote.current.splice(0);
        if (queued.length > 0) queueMicrotask(() => applyRemote(queued));
        // Peers known before Excalidraw was ready.
        const peers = collaboratorsRef.current;
        if (peers && peers.length > 0) {
          queueMicrotask(() =>
            api.updateScene({ collaborators: toExcalidrawCollaborators(peers) }),
          );
        }
      },
      [applyRemote],
    );

    const handleChange = useCallback(
      (elements: ExcalidrawElements, appState: Parameters<typeof editingElementIds>[0]) => {
        const editing = editingElementIds(appState);
        if (!sameIds(editing, editingRef.current)) {
          editingRef.current = editing;
          callbacks.current.onEditingChange?.(editing);
          if (deferred.size > 0) {
            const released = deferred.release(editing);
            if (released.length > 0) queueMicrotask(() => applyRemote(released));
          }
        }
        const deltas = tracker.takeDeltas(elements as unknown as SceneElement[], editing);
        if (deltas.length > 0)
          callbacks.current.onChange?.(deltas.map((element) => structuredClone(element)));
      },
      [applyRemote, deferred, tracker],
    );

    useImperativeHandle(
      ref,
      (): WhiteboardHandle => ({
        getScene: () => {
          const api = apiRef.current;
          if (!api) return (initialElements ?? []).map((element) => structuredClone(element));
          return api
            .getSceneElementsIncludingDeleted()
            .map((element) => structuredClone(element)) as unknown as SceneElement[];
        },
        applyRemote,
        exportPng: async (options = {}) => {
          const api = requireApi(apiRef.current);
          return exportToBlob({
            elements: api.getSceneElements(),
            appState: { ...api.getAppState(), exportBackground: options.background ?? true },
            files: api.getFiles(),
            mimeType: 'image/png',
            exportPadding: options.padding,
          });
        },
        exportSvg: async (options = {}) => {
          const api = requireApi(apiRef.current);
          return exportToSvg({
            elements: api.getSceneElements(),
            appState: { ...api.getAppState(), exportBackground: options.background ?? true },
            files: api.getFiles(),
            exportPadding: options.padding,
          });
        },
      }),
      [applyRemote, initialElements],
    );

    // The backdrop is the canvas' view background; changing it is not a drawing change.
    useEffect(() => {
      apiRef.current?.updateScene({
        appState: { viewBackgroundColor: backdrop },
        captureUpdate: CaptureUpdateAction.NEVER,
      });
      callbacks.current.onBackdropChange?.(backdrop);
    }, [backdrop]);

    // Remote cursors, names and avatars are drawn by Excalidraw from its collaborators map.
    useEffect(() => {
      if (!collaborators) return;
      apiRef.current?.updateScene({ collaborators: toExcalidrawCollaborators(collaborators) });
    }, [collaborators]);

    const handlePointerUpdate = useCallback(
      (payload: { pointer: { x: number; y: number; tool: 'pointer' | 'laser' } }) => {
        callbacks.current.onPointerMove?.(payload.pointer);
      },
      [],
    );

    const containerRef = useRef<HTMLDivElement>(null);
    useAccessibleExcalidrawControls(containerRef);
    // On a narrow board Excalidraw's toolbar takes the whole top row: the backdrop button
    // then floats at the board's right edge instead of squeezing the toolbar off-screen.
    const narrow = useIsNarrow(containerRef, NARROW_BOARD_PX);
    const backdropButton = showBackdropButton ? (
      <BackdropButton backdrop={backdrop} onClick={cycleBackdrop} />
    ) : null;
    const renderTopRightUI = useCallback(
      () => (narrow ? null : backdropButton),
      [narrow, backdropButton],
    );

    return (
      <div
        ref={containerRef}
        className={className ? `tabula-whiteboard ${className}` : 'tabula-whiteboard'}
        style={style}
      >
        <Excalidraw
          excalidrawAPI={handleApi}
          initialData={initialData}
          onChange={handleChange}
          onPointerUpdate={handlePointerUpdate}
          isCollaborating={collaborators !== undefined}
          viewModeEnabled={readOnly}
          theme={theme}
          UIOptions={uiOptions}
          langCode={langCode}
          renderTopRightUI={renderTopRightUI}
        >
          {children}
        </Excalidraw>
        {narrow && backdropButton && (
          <div className="tabula-backdrop-floating">{backdropButton}</div>
        )}
      </div>
    );
  },
);

function requireApi(api: ExcalidrawImperativeAPI | null): ExcalidrawImperativeAPI {
  if (!api) throw new Error('The whiteboard is not mounted yet.');
  return api;
}

/** The whiteboard component (memoised; see `WhiteboardProps` and `WhiteboardHandle`). */
export const Whiteboard = memo(WhiteboardBase);
Whiteboard.displayName = 'Whiteboard';
