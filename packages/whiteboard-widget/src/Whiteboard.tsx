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
} from 'react';
import type { SceneElement } from '@tabula/domain';
import { useAccessibleExcalidrawControls } from './accessibleControls';
import { exportInput } from './export/exportInput';
import { sameIds, selectedIds } from './export/selection';
import { withCanvasActions } from './board/canvasActions';
import { useExcalidraw } from './board/useExcalidraw';
import { useInitialElements } from './board/useInitialElements';
import type { ExcalidrawParts } from './board/useExcalidraw';
import { NARROW_BOARD_PX, useIsNarrow } from './useIsNarrow';
import { BackdropButton } from './BackdropButton';
import { useBackdrop } from './backdrop';
import { viewOf } from './board/layerView';
import { useExcalidrawAvatars, usePeerLayer } from './board/usePeerLayer';
import { ClearedNotice } from './board/ClearedNotice';
import type {
  ExcalidrawElements,
  WhiteboardFiles,
  WhiteboardHandle,
  WhiteboardProps,
} from './Whiteboard.types';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The canvas could not be opened.';
}

/**
 * Tabula's drawing surface: Excalidraw, a backdrop button and a layer of its own for peers'
 * cursors and elements in progress (`peerActivity`, `board/peerLayer`). A thin
 * view: it reports the editor's `(elements, appState)` through `onChange` and shows what it is
 * given (`initialElements`, then `ref.updateScene`); `@tabula/whiteboard/collab` keeps it in
 * sync with a Tabula server.
 *
 * With `initialElements` as a promise, Excalidraw starts up while the scene is on its way
 * (under the loading state) and takes that scene as its initial data when it comes: it reports
 * nothing before, so nothing can race its start-up.
 *
 * Excalidraw's code is loaded on the client only (`board/useExcalidraw`): rendered on a server,
 * the component gives its loading state, and the board appears once the page runs.
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
      peerActivity,
      clearing,
      loadingProgress,
      readOnly = false,
      theme = 'light',
      uiOptions,
      backdropStorageKey,
      showBackdropButton = true,
      onBackdropChange,
      onSelectionChange,
      name,
      mainMenu,
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
    const callbacks = useRef({ onChange, onPointerMove, onBackdropChange, onSelectionChange });
    callbacks.current = { onChange, onPointerMove, onBackdropChange, onSelectionChange };
    const selectionRef = useRef<{ from: AppState['selectedElementIds'] | null; ids: string[] }>({
      from: null,
      ids: [],
    });

    const [backdrop, cycleBackdrop] = useBackdrop(backdropStorageKey);
    const excalidraw = useExcalidraw();
    const parts = excalidraw.state === 'ready' ? excalidraw.parts : null;
    // Excalidraw's API exists only once its code is loaded: the handle reads the code here.
    const partsRef = useRef<ExcalidrawParts | null>(parts);
    partsRef.current = parts;
    const startBackdrop = useRef(backdrop);
    // Excalidraw's `name` prop is read once: a name known only later (the canvas's title loads
    // after the board) reaches its export dialog through the scene's app state.
    const nameRef = useRef(name);
    nameRef.current = name;
    // The editor mounts as soon as its code is loaded, with the scene as a promise when it is on
    // its way: Excalidraw starts up while the scene downloads and takes it in one update, and
    // reports nothing before it holds it (so nothing races its start-up).
    const { initial, data: initialData } = useInitialElements(initialElements, (elements) => ({
      elements: elements.map((element) => ({ ...element })) as unknown as ExcalidrawElements,
      appState: { viewBackgroundColor: startBackdrop.current, name: nameRef.current },
      scrollToContent: elements.length > 0,
    }));
    const elements = initial.state === 'ready' ? initial.elements : null;
    const elementsRef = useRef(elements);
    elementsRef.current = elements;

    // Peers: avatars through Excalidraw (when people come and go), cursors and previews on
    // the peer layer (per frame, never through the editor).
    const showAvatarsOn = useExcalidrawAvatars(apiRef, collaborators);
    const peerLayer = usePeerLayer(parts, peerActivity, collaborators);

    useEffect(() => {
      if (name !== undefined) apiRef.current?.updateScene({ appState: { name } });
    }, [name]);

    const handleApi = useCallback((api: ExcalidrawImperativeAPI) => {
      apiRef.current = api;
    }, []);

    // Excalidraw reports changes only once its initial data is loaded: the first report means
    // the editor holds the initial scene (and took the app state it came with: the peers known
    // before are given now).
    const handleChange = useCallback(
      (next: ExcalidrawElements, appState: AppState, files: BinaryFiles) => {
        if (!readyRef.current && apiRef.current) showAvatarsOn(apiRef.current);
        readyRef.current = true;
        peerLayer.setViewport(viewOf(appState));
        const selection = selectionRef.current;
        if (appState.selectedElementIds !== selection.from) {
          const ids = selectedIds(appState.selectedElementIds);
          const changed = !sameIds(ids, selection.ids);
          selectionRef.current = { from: appState.selectedElementIds, ids };
          if (changed) callbacks.current.onSelectionChange?.(ids);
        }
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
      [peerLayer, showAvatarsOn],
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
          const { api, parts: code } = requireBoard(apiRef.current, partsRef.current);
          // Computed when applied: a scene computed before could undo what the editor did meanwhile.
          const apply = () => {
            const scene =
              typeof next === 'function'
                ? next(api.getSceneElementsIncludingDeleted() as unknown as readonly SceneElement[])
                : next;
            if (scene === null) return;
            api.updateScene({
              elements: scene as unknown as ExcalidrawElements,
              captureUpdate: code.CaptureUpdateAction.NEVER,
            });
            onApplied?.();
          };
          // Asked from within onChange (Excalidraw is committing a render): right after it.
          if (changingRef.current) queueMicrotask(apply);
          else apply();
        },
        getSelectedElementIds: () =>
          apiRef.current ? selectedIds(apiRef.current.getAppState().selectedElementIds) : [],
        exportPng: async (options = {}) => {
          const { api, parts: code } = requireBoard(apiRef.current, partsRef.current);
          return code.exportToBlob({ ...exportInput(api, options), mimeType: 'image/png' });
        },
        exportSvg: async (options = {}) => {
          const { api, parts: code } = requireBoard(apiRef.current, partsRef.current);
          return code.exportToSvg(exportInput(api, options));
        },
      }),
      [],
    );

    // An unmounted board has nothing selected: a selection must not outlive it (another canvas).
    useEffect(
      () => () => {
        if (selectionRef.current.ids.length > 0) callbacks.current.onSelectionChange?.([]);
      },
      [],
    );

    // The backdrop is the canvas' view background; changing it is not a drawing change.
    useEffect(() => {
      const code = partsRef.current;
      if (code) {
        apiRef.current?.updateScene({
          appState: { viewBackgroundColor: backdrop },
          captureUpdate: code.CaptureUpdateAction.NEVER,
        });
      }
      callbacks.current.onBackdropChange?.(backdrop);
    }, [backdrop]);

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
    const backdropButton = useMemo(
      () =>
        showBackdropButton ? <BackdropButton backdrop={backdrop} onClick={cycleBackdrop} /> : null,
      [showBackdropButton, backdrop, cycleBackdrop],
    );
    const renderTopRightUI = useCallback(
      () => (narrow ? null : backdropButton),
      [narrow, backdropButton],
    );

    const fullUiOptions = useMemo(() => withCanvasActions(uiOptions), [uiOptions]);

    // The editor re-renders only when its own props change, not when peers come and go or the
    // loading progress moves (a render of Excalidraw's tree costs in proportion to the scene).
    const isCollaborating = collaborators !== undefined;
    const editor = useMemo(() => {
      if (parts === null) return null;
      const { Excalidraw, TabulaMainMenu } = parts;
      return (
        <Excalidraw
          excalidrawAPI={handleApi}
          initialData={initialData}
          onChange={handleChange}
          onPointerUpdate={handlePointerUpdate}
          isCollaborating={isCollaborating}
          viewModeEnabled={readOnly}
          theme={theme}
          UIOptions={fullUiOptions}
          name={name}
          langCode={langCode}
          renderTopRightUI={renderTopRightUI}
        >
          {mainMenu === 'excalidraw' ? null : (mainMenu ?? <TabulaMainMenu />)}
          {children}
        </Excalidraw>
      );
    }, [
      parts,
      initialData,
      handleApi,
      handleChange,
      handlePointerUpdate,
      isCollaborating,
      readOnly,
      theme,
      fullUiOptions,
      name,
      langCode,
      renderTopRightUI,
      mainMenu,
      children,
    ]);

    const classes = className ? `tabula-whiteboard ${className}` : 'tabula-whiteboard';
    const failure =
      initial.state === 'failed' ? initial : excalidraw.state === 'failed' ? excalidraw : null;
    if (failure) {
      return (
        <div ref={containerRef} className={classes} style={style}>
          {renderError ? (
            renderError(failure.error)
          ) : (
            <p className="tabula-whiteboard-loading" role="alert">
              {errorMessage(failure.error)}
            </p>
          )}
        </div>
      );
    }
    // Until the editor holds its scene, the loading state covers it (on a server, and until
    // Excalidraw's code is loaded, it is all there is).
    const loadingState =
      initial.state === 'loading' || editor === null
        ? (loading ?? (
            <p className="tabula-whiteboard-loading" role="status">
              {typeof loadingProgress === 'number'
                ? `Loading the board… ${Math.floor(Math.min(1, Math.max(0, loadingProgress)) * 100)}%`
                : 'Opening the canvas…'}
            </p>
          ))
        : null;
    return (
      <div
        ref={containerRef}
        className={classes}
        style={style}
        aria-busy={loadingState ? true : undefined}
      >
        {editor && (
          <>
            {editor}
            <canvas
              ref={peerLayer.canvasRef}
              className={`tabula-peer-layer${theme === 'dark' ? ' tabula-peer-layer--dark' : ''}`}
              aria-hidden="true"
            />
            {narrow && backdropButton && (
              <div className="tabula-backdrop-floating">{backdropButton}</div>
            )}
            {clearing && <ClearedNotice feed={clearing} />}
          </>
        )}
        {loadingState && (
          <div
            className={
              editor
                ? `tabula-whiteboard-cover${theme === 'dark' ? ' tabula-whiteboard-cover--dark' : ''}`
                : undefined
            }
          >
            {loadingState}
          </div>
        )}
      </div>
    );
  },
);

/** The mounted editor and the code it runs on, or a clear error before it is mounted. */
function requireBoard(
  api: ExcalidrawImperativeAPI | null,
  parts: ExcalidrawParts | null,
): { api: ExcalidrawImperativeAPI; parts: ExcalidrawParts } {
  if (!api || !parts) throw new Error('The whiteboard is not mounted yet.');
  return { api, parts };
}

/** The whiteboard component (memoised; see `WhiteboardProps` and `WhiteboardHandle`). */
export const Whiteboard = memo(WhiteboardBase);
Whiteboard.displayName = 'Whiteboard';
