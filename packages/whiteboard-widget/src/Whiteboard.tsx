import { CaptureUpdateAction, Excalidraw, exportToBlob, exportToSvg } from '@excalidraw/excalidraw';
import type {
  AppState,
  BinaryFileData,
  BinaryFiles,
  ExcalidrawImperativeAPI,
} from '@excalidraw/excalidraw/types';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SceneElement } from '@tabula/domain';
import { useAccessibleExcalidrawControls } from './accessibleControls';
import { NARROW_BOARD_PX, useIsNarrow } from './useIsNarrow';
import { BackdropButton } from './BackdropButton';
import { useBackdrop } from './backdrop';
import { toExcalidrawCollaborators } from './collaborators';
import type {
  ExcalidrawElements,
  WhiteboardFiles,
  WhiteboardHandle,
  WhiteboardProps,
} from './Whiteboard.types';

type InitialElements = WhiteboardProps['initialElements'];

function isPromiseLike(value: InitialElements): value is PromiseLike<readonly SceneElement[]> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

type InitialState =
  | { state: 'loading' }
  | { state: 'ready'; elements: readonly SceneElement[] }
  | { state: 'failed'; error: unknown };

/** The initial elements once known: at once, or when the promise settles. */
function useInitialElements(initialElements: InitialElements): InitialState {
  // Read once, at mount, as Excalidraw reads its initial data.
  const [given] = useState(initialElements);
  const [initial, setInitial] = useState<InitialState>(() =>
    isPromiseLike(given) ? { state: 'loading' } : { state: 'ready', elements: given ?? [] },
  );
  useEffect(() => {
    if (!isPromiseLike(given)) return undefined;
    let mounted = true;
    given.then(
      (elements) => {
        if (mounted) setInitial({ state: 'ready', elements });
      },
      (error: unknown) => {
        if (mounted) setInitial({ state: 'failed', error });
      },
    );
    return () => {
      mounted = false;
    };
  }, [given]);
  return initial;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The canvas could not be opened.';
}

/**
 * Tabula's drawing surface: Excalidraw, a backdrop button and optional remote cursors. A thin
 * view: it reports the editor's `(elements, appState)` through `onChange` and shows what it is
 * given (`initialElements`, then `ref.updateScene`); `@tabula/whiteboard/collab` keeps it in
 * sync with a Tabula server.
 *
 * With `initialElements` as a promise, Excalidraw is mounted only once it resolves, so the
 * editor starts with that scene and nothing can race its start-up.
 *
 * Give it a container with a height: it fills its parent.
 */
const WhiteboardBase = forwardRef<WhiteboardHandle, WhiteboardProps>(
  function WhiteboardBase(props, ref) {
    const {
      initialElements,
      onChange,
      onPointerMove,
      collaborators,
      readOnly = false,
      theme = 'light',
      uiOptions,
      backdropStorageKey,
      showBackdropButton = true,
      onBackdropChange,
      langCode,
      loading,
      renderError,
      className,
      style,
      children,
    } = props;

    const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
    const readyRef = useRef(false);
    const changingRef = useRef(false);
    const callbacks = useRef({ onChange, onPointerMove, onBackdropChange });
    callbacks.current = { onChange, onPointerMove, onBackdropChange };

    const [backdrop, cycleBackdrop] = useBackdrop(backdropStorageKey);
    const initial = useInitialElements(initialElements);
    const elements = initial.state === 'ready' ? initial.elements : null;
    const elementsRef = useRef(elements);
    elementsRef.current = elements;
    const startBackdrop = useRef(backdrop);
    const initialData = useMemo(
      () =>
        elements && {
          elements: elements.map((element) => ({ ...element })) as unknown as ExcalidrawElements,
          appState: { viewBackgroundColor: startBackdrop.current },
          scrollToContent: elements.length > 0,
        },
      [elements],
    );

    const collaboratorsRef = useRef(collaborators);
    collaboratorsRef.current = collaborators;

    const handleApi = useCallback((api: ExcalidrawImperativeAPI) => {
      apiRef.current = api;
      // Peers known before Excalidraw was ready.
      const peers = collaboratorsRef.current;
      if (peers && peers.length > 0) {
        queueMicrotask(() => api.updateScene({ collaborators: toExcalidrawCollaborators(peers) }));
      }
    }, []);

    // Excalidraw reports changes only once its initial data is loaded: the first report means
    // the editor holds the initial scene.
    const handleChange = useCallback(
      (next: ExcalidrawElements, appState: AppState, files: BinaryFiles) => {
        readyRef.current = true;
        changingRef.current = true;
        try {
          callbacks.current.onChange?.(
            next as unknown as readonly SceneElement[],
            appState,
            files as unknown as WhiteboardFiles,
          );
        } finally {
          changingRef.current = false;
        }
      },
      [],
    );

    useImperativeHandle(
      ref,
      (): WhiteboardHandle => ({
        getScene: () =>
          (apiRef.current?.getSceneElementsIncludingDeleted() ?? elementsRef.current ?? []).map(
            (element) => structuredClone(element),
          ) as unknown as SceneElement[],
        getSceneElements: () =>
          (apiRef.current?.getSceneElementsIncludingDeleted() ?? []) as unknown as SceneElement[],
        isReady: () => readyRef.current && apiRef.current !== null,
        addFiles: (files) => {
          // Asked from within onChange, like updateScene: right after Excalidraw's render.
          const add = () => apiRef.current?.addFiles(files as unknown as BinaryFileData[]);
          if (changingRef.current) queueMicrotask(add);
          else add();
        },
        updateScene: (next, onApplied) => {
          const api = requireApi(apiRef.current);
          // Computed when applied: a scene computed before could undo what the editor did meanwhile.
          const apply = () => {
            const scene =
              typeof next === 'function'
                ? next(api.getSceneElementsIncludingDeleted() as unknown as readonly SceneElement[])
                : next;
            if (scene === null) return;
            api.updateScene({
              elements: scene as unknown as ExcalidrawElements,
              captureUpdate: CaptureUpdateAction.NEVER,
            });
            onApplied?.();
          };
          // Asked from within onChange (Excalidraw is committing a render): right after it.
          if (changingRef.current) queueMicrotask(apply);
          else apply();
        },
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
      [],
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

    const classes = className ? `tabula-whiteboard ${className}` : 'tabula-whiteboard';
    if (initial.state === 'failed') {
      return (
        <div ref={containerRef} className={classes} style={style}>
          {renderError ? (
            renderError(initial.error)
          ) : (
            <p className="tabula-whiteboard-loading" role="alert">
              {errorMessage(initial.error)}
            </p>
          )}
        </div>
      );
    }
    if (initialData === null) {
      return (
        <div ref={containerRef} className={classes} style={style} aria-busy="true">
          {loading ?? (
            <p className="tabula-whiteboard-loading" role="status">
              Opening the canvas…
            </p>
          )}
        </div>
      );
    }
    return (
      <div ref={containerRef} className={classes} style={style}>
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
