import {
  CaptureUpdateAction,
  Excalidraw,
  getCommonBounds,
  sceneCoordsToViewportCoords,
} from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { ExcalidrawElements } from '../Whiteboard.types';
import { useAccessibleExcalidrawControls } from '../accessibleControls';

/** A point in scene coordinates. */
export interface ScenePoint {
  x: number;
  y: number;
}

/** What the player drives: the frame shown, and Excalidraw's API (export, view state). */
export interface ReplayBoardHandle {
  show(elements: readonly SceneElement[]): void;
  /** The topmost shown element under a scene point, if any. */
  elementAt(point: ScenePoint): SceneElement | undefined;
  /** Where a scene point is on the page (client coordinates), or null before the board is up. */
  toViewport(point: ScenePoint): ScenePoint | null;
  api(): ExcalidrawImperativeAPI | null;
}

export interface ReplayBoardProps {
  /** The first frame (read once, at mount). */
  initialElements: readonly SceneElement[];
  onReady(handle: ReplayBoardHandle): void;
  /** The pointer over the board, in scene coordinates. */
  onPointer?(point: ScenePoint): void;
  theme?: 'light' | 'dark';
}

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
 * The read-only board of the player: Excalidraw in view mode, given each frame through
 * `updateScene` (never recorded in its undo history). Shapes are cached by Excalidraw per
 * element object, so a frame that reuses the previous frame's objects redraws cheaply.
 */
export const ReplayBoard = memo(function ReplayBoard(props: ReplayBoardProps) {
  const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
  const shownRef = useRef<readonly SceneElement[]>(props.initialElements);
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  useAccessibleExcalidrawControls(containerRef);

  const [initialData] = useState(() => ({
    elements: props.initialElements.map((element) => ({
      ...element,
    })) as unknown as ExcalidrawElements,
    appState: { viewBackgroundColor: '#ffffff' },
    scrollToContent: props.initialElements.length > 0,
  }));

  const handle = useMemo<ReplayBoardHandle>(
    () => ({
      show(elements) {
        const api = apiRef.current;
        if (elements === shownRef.current) return;
        shownRef.current = elements;
        api?.updateScene({
          elements: elements as unknown as ExcalidrawElements,
          captureUpdate: CaptureUpdateAction.NEVER,
        });
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
      apiRef.current = api;
      // The whole first frame in view (Excalidraw's own scrollToContent only centres it), once
      // Excalidraw has loaded it: its first change report.
      const first = shownRef.current;
      if (first.length > 0) {
        const stop = api.onChange(() => {
          stop();
          api.scrollToContent(first as unknown as ExcalidrawElements, {
            fitToViewport: true,
            viewportZoomFactor: 0.9,
            animate: false,
          });
        });
      }
      callbacks.current.onReady(handle);
    },
    [handle],
  );
  const onPointerUpdate = useCallback((payload: { pointer: ScenePoint }) => {
    callbacks.current.onPointer?.({ x: payload.pointer.x, y: payload.pointer.y });
  }, []);

  return (
    <div ref={containerRef} className="tabula-whiteboard" data-testid="replay-board">
      <Excalidraw
        excalidrawAPI={onApi}
        initialData={initialData}
        viewModeEnabled
        onPointerUpdate={onPointerUpdate}
        UIOptions={UI_OPTIONS}
        theme={props.theme ?? 'light'}
      />
    </div>
  );
});
