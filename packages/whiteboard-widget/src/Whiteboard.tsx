import { CaptureUpdateAction, Excalidraw, exportToBlob, exportToSvg } from '@excalidraw/excalidraw';
import type {
  AppState,
  BinaryFileData,
  BinaryFiles,
  ExcalidrawImperativeAPI,
  UIOptions,
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
import { NOTHING_SELECTED, sameIds, selectedIds, selectionForExport } from './export/selection';
import { TabulaMainMenu } from './export/TabulaMainMenu';
import { NARROW_BOARD_PX, useIsNarrow } from './useIsNarrow';
import { BackdropButton } from './BackdropButton';
import { useBackdrop } from './backdrop';
import { toExcalidrawCollaborators } from './collaborators';
import type {
  ExcalidrawElements,
  WhiteboardFiles,
  WhiteboardExportOptions,
  WhiteboardHandle,
  WhiteboardProps,
} from './Whiteboard.types';

type InitialElements = WhiteboardProps['initialElements'];

/**
 * Excalidraw's canvas actions on a board a server keeps: no open / save to file, and no
 * canvas background picker (the backdrop button is the one background control). Given
 * `uiOptions.canvasActions` win.
 */
const CANVAS_ACTIONS = {
  changeViewBackgroundColor: false,
  loadScene: false,
  saveToActiveFile: false,
  export: false,
} as const;

function withCanvasActions(uiOptions: Partial<UIOptions> | undefined): Partial<UIOptions> {
  return {
    ...uiOptions,
    canvasActions: { ...CANVAS_ACTIONS, ...uiOptions?.canvasActions },
  };
}

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

    // Excalidraw reads its `name` prop once: a name known only later (the canvas's title loads
    // after the board) reaches its export dialog through the scene's app state.
    const nameRef = useRef(name);
    nameRef.current = name;
    useEffect(() => {
      if (name !== undefined) apiRef.current?.updateScene({ appState: { name } });
    }, [name]);

    const handleApi = useCallback((api: ExcalidrawImperativeAPI) => {
      apiRef.current = api;
      const named = nameRef.current;
      if (named !== undefined) queueMicrotask(() => api.updateScene({ appState: { name: named } }));
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
        getSelectedElementIds: () =>
          apiRef.current ? selectedIds(apiRef.current.getAppState().selectedElementIds) : [],
        exportPng: async (options = {}) =>
          exportToBlob({
            ...exportInput(requireApi(apiRef.current), options),
            mimeType: 'image/png',
          }),
        exportSvg: async (options = {}) =>
          exportToSvg(exportInput(requireApi(apiRef.current), options)),
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

    const fullUiOptions = useMemo(() => withCanvasActions(uiOptions), [uiOptions]);

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
          UIOptions={fullUiOptions}
          name={name}
          langCode={langCode}
          renderTopRightUI={renderTopRightUI}
        >
          {mainMenu === 'excalidraw' ? null : (mainMenu ?? <TabulaMainMenu />)}
          {children}
        </Excalidraw>
        {narrow && backdropButton && (
          <div className="tabula-backdrop-floating">{backdropButton}</div>
        )}
      </div>
    );
  },
);

/** What Excalidraw's exportToBlob / exportToSvg take: the drawing, or the selection of it. */
function exportInput(api: ExcalidrawImperativeAPI, options: WhiteboardExportOptions) {
  const appState = api.getAppState();
  const elements = options.onlySelected
    ? selectionForExport(api.getSceneElements(), selectedIds(appState.selectedElementIds))
    : api.getSceneElements();
  if (options.onlySelected && elements.length === 0) throw new Error(NOTHING_SELECTED);
  return {
    elements,
    appState: { ...appState, exportBackground: options.background ?? true },
    files: api.getFiles(),
    exportPadding: options.padding,
  };
}

function requireApi(api: ExcalidrawImperativeAPI | null): ExcalidrawImperativeAPI {
  if (!api) throw new Error('The whiteboard is not mounted yet.');
  return api;
}

/** The whiteboard component (memoised; see `WhiteboardProps` and `WhiteboardHandle`). */
export const Whiteboard = memo(WhiteboardBase);
Whiteboard.displayName = 'Whiteboard';
