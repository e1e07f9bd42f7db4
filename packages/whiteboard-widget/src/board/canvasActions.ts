import type { UIOptions } from '@excalidraw/excalidraw/types';

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

export function withCanvasActions(uiOptions: Partial<UIOptions> | undefined): Partial<UIOptions> {
  return {
    ...uiOptions,
    canvasActions: { ...CANVAS_ACTIONS, ...uiOptions?.canvasActions },
  };
}
