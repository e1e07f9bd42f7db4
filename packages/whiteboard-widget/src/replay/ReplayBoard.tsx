import {
  CaptureUpdateAction,
  Excalidraw,
  getCommonBounds,
  sceneCoordsToViewportCoords,
} from '@excalidraw/excalidraw';
import type { BinaryFileData, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { memo, useCallback, useMemo, useRef } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { ImageFile } from '../collab/fileTransport';
import type { ExcalidrawElements } from '../Whiteboard.types';
import { useAccessibleExcalidrawControls } from '../accessibleControls';
import { PlaybackLayer } from './playbackLayer';
import { viewOf } from '../board/layerView';

/** A point in scene coordinates. */
export interface ScenePoint {
  x: number;
  y: number;
}

/** What the player drives: the frame shown, and Excalidraw's API (export, view state). */
export interface ReplayBoardHandle {
  /** Shows a still frame on Excalidraw (paused, scrubbing, comparing). */
  show(elements: readonly SceneElement[]): void;
  /** Shows a frame of playback, on the playback layer over Excalidraw (see `PlaybackLayer`). */
  play(elements: readonly SceneElement[]): void;
  /**
   * Image files arrived: Excalidraw draws its images from them, and the playback layer redraws
   * its bitmap with them at the next frame.
   */
  addFiles(files: readonly ImageFile[]): void;
  /** The topmost shown element under a scene point, if any. */
  elementAt(point: ScenePoint): SceneElement | undefined;
  /** Where a scene point is on the page (client coordinates), or null before the board is up. */
  toViewport(point: ScenePoint): ScenePoint | null;
  api(): ExcalidrawImperativeAPI | null;
}

export interface ReplayBoardProps {
  onReady(handle: ReplayBoardHandle): void;
  /** The pointer over the board, in scene coordinates. */
  onPointer?(point: ScenePoint): void;
  theme?: 'light' | 'dark';
}

/** The board mounts empty, before the history arrives; frames come through `show`. */
const INITIAL_DATA = { elements: [], appState: { viewBackgroundColor: '#ffffff' } };

/** The playback layer lies over Excalidraw's canvases and under its buttons. */
const LAYER_STYLE = {
  position: 'absolute',
  left: 0,
  top: 0,
  width: '100%',
  height: '100%',
  zIndex: 2,
  pointerEvents: 'none',
  visibility: 'hidden',
} as const;

/** In the dark theme Excalidraw inverts its canvas with this filter; the layer follows. */
const DARK_LAYER_STYLE = { ...LAYER_STYLE, filter: 'invert(93%) hue-rotate(180deg)' };

/** Fitting a drawing into view never zooms in past 100 %. */
export const FIT_MAX_ZOOM = 1;

/** How far (screen px) from an element's bounds the pointer still counts as on it. */
const HIT_SLOP_PX = 6;

const UI_OPTIONS = {
  canvasActions: {
    changeViewBackgroundColor: false,
    clearCanvas: false,
    export: false,
    loadScene: false,
    saveAsImage: false,
    saveToActiveFile: false,
    toggleTheme: null,
  },
  tools: { image: false },
} as const;

/**
 * Excalidraw's own chrome hidden on the player's board (its props cannot remove it in view
 * mode): the menu button, the phone layout's bar at the bottom, the zoom and help buttons. Only
 * the drawing shows; the wheel and pinch still zoom. Scoped to this board.
 */
const BOARD_CHROME_CSS = [
  '.App-menu',
  '.App-bottom-bar',
  '.layer-ui__wrapper__footer',
  '.help-icon',
]
  .map((selector) => `.tabula-replay-board ${selector}`)
  .join(',\n')
  .concat(' { display: none !important; }');

/**
 * The read-only board of the player: Excalidraw in view mode, mounted at once (so its start-up
 * overlaps the first requests) and given each frame through
 * `updateScene` (never recorded in its undo history). Shapes are cached by Excalidraw per
 * element object, so a frame that reuses the previous frame's objects redraws cheaply.
 */
export const ReplayBoard = memo(function ReplayBoard(props: ReplayBoardProps) {
  const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
  /** What the board shows (for hit tests), and what Excalidraw holds. */
  const shownRef = useRef<readonly SceneElement[]>([]);
  const excalidrawRef = useRef<readonly SceneElement[]>([]);
  const fittedRef = useRef(false);
  const layerCanvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<PlaybackLayer | null>(null);
  /** The image files given so far (Excalidraw gets them once it is up). */
  const filesRef = useRef<Record<string, ImageFile>>({});
  /**
   * The files Excalidraw was given while an image of theirs was on its scene. It loads an
   * image for drawing only then (when given the file, for the images it holds at that moment):
   * a file that came before its image (it arrived before the board was up, and the first frame
   * came after) is given again once its image is shown, or the board drew the placeholder for
   * good.
   */
  const drawnFilesRef = useRef(new Set<string>());
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  useAccessibleExcalidrawControls(containerRef);

  /** Marks the held files of the images among `elements` as given while on the scene. */
  function markDrawn(elements: readonly SceneElement[]): ImageFile[] {
    const given: ImageFile[] = [];
    const drawn = drawnFilesRef.current;
    if (drawn.size === Object.keys(filesRef.current).length) return given;
    for (const element of elements) {
      const { fileId } = element as { fileId?: string | null };
      const file = fileId ? filesRef.current[fileId] : undefined;
      if (!file || drawn.has(file.id)) continue;
      drawn.add(file.id);
      given.push(file);
    }
    return given;
  }

  /** Gives Excalidraw again the held files of the images it now shows for the first time. */
  function giveFilesOfImages(api: ExcalidrawImperativeAPI, elements: readonly SceneElement[]) {
    const due = markDrawn(elements);
    if (due.length > 0) api.addFiles(due as unknown as BinaryFileData[]);
  }

  const handle = useMemo<ReplayBoardHandle>(
    () => ({
      show(elements) {
        const api = apiRef.current;
        shownRef.current = elements;
        if (layerCanvasRef.current) layerCanvasRef.current.style.visibility = 'hidden';
        layerRef.current?.reset();
        if (!api || elements === excalidrawRef.current) return;
        excalidrawRef.current = elements;
        api.updateScene({
          elements: elements as unknown as ExcalidrawElements,
          captureUpdate: CaptureUpdateAction.NEVER,
        });
        giveFilesOfImages(api, elements);
        // The first drawing shown is fitted into view (and so is the rest of the replay, mostly).
        if (!fittedRef.current && elements.length > 0) {
          fittedRef.current = true;
          api.scrollToContent(elements as unknown as ExcalidrawElements, {
            fitToViewport: true,
            viewportZoomFactor: 0.9,
            // A small drawing (one rectangle left after a restore) shows at its size, not blown up.
            maxZoom: FIT_MAX_ZOOM,
            animate: false,
          });
        }
      },
      play(elements) {
        const api = apiRef.current;
        const canvas = layerCanvasRef.current;
        if (!api || !canvas || excalidrawRef.current.length === 0) {
          this.show(elements);
          return;
        }
        shownRef.current = elements;
        layerRef.current ??= new PlaybackLayer(canvas, () => filesRef.current);
        const state = api.getAppState();
        layerRef.current.paint(elements, viewOf(state));
        canvas.style.visibility = 'visible';
      },
      addFiles(files) {
        if (files.length === 0) return;
        const held = { ...filesRef.current };
        for (const file of files) held[file.id] = file;
        filesRef.current = held;
        const api = apiRef.current;
        if (api) {
          api.addFiles(files as unknown as BinaryFileData[]);
          markDrawn(excalidrawRef.current);
        }
        layerRef.current?.reset();
      },
      elementAt(point) {
        const zoom = apiRef.current?.getAppState().zoom.value ?? 1;
        const slop = HIT_SLOP_PX / zoom;
        const shown = shownRef.current;
        for (let i = shown.length - 1; i >= 0; i -= 1) {
          const element = shown[i]!;
          const [minX, minY, maxX, maxY] = getCommonBounds([
            element,
          ] as unknown as ExcalidrawElements);
          if (
            point.x >= minX - slop &&
            point.x <= maxX + slop &&
            point.y >= minY - slop &&
            point.y <= maxY + slop
          ) {
            return element;
          }
        }
        return undefined;
      },
      toViewport(point) {
        const api = apiRef.current;
        if (!api) return null;
        return sceneCoordsToViewportCoords({ sceneX: point.x, sceneY: point.y }, api.getAppState());
      },
      api: () => apiRef.current,
    }),
    [],
  );

  const onApi = useCallback(
    (api: ExcalidrawImperativeAPI) => {
      // Excalidraw loads its initial (empty) data after this call and would replace a scene
      // given before: the board is ready at its first change report, once that is done.
      const stop = api.onChange(() => {
        stop();
        apiRef.current = api;
        const held = Object.values(filesRef.current);
        if (held.length > 0) api.addFiles(held as unknown as BinaryFileData[]);
        callbacks.current.onReady(handle);
      });
    },
    [handle],
  );
  const onPointerUpdate = useCallback((payload: { pointer: ScenePoint }) => {
    callbacks.current.onPointer?.({ x: payload.pointer.x, y: payload.pointer.y });
  }, []);

  return (
    <div
      ref={containerRef}
      className="tabula-whiteboard tabula-replay-board"
      data-testid="replay-board"
    >
      <style>{BOARD_CHROME_CSS}</style>
      <Excalidraw
        excalidrawAPI={onApi}
        initialData={INITIAL_DATA}
        viewModeEnabled
        onPointerUpdate={onPointerUpdate}
        UIOptions={UI_OPTIONS}
        theme={props.theme ?? 'light'}
      />
      <canvas
        ref={layerCanvasRef}
        style={props.theme === 'dark' ? DARK_LAYER_STYLE : LAYER_STYLE}
        aria-hidden="true"
      />
    </div>
  );
});
