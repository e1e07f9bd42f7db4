import type { SceneElement } from '@tabula/domain';
import type { WhiteboardHandle } from '@tabula/whiteboard';

/** What a browser test may read of the open board: the editor's own scene, never a copy of ours. */
export interface BoardProbe {
  canvasId: string;
  /** The joined scene has been applied to the editor. */
  loaded: boolean;
  /** The elements the editor holds now (deleted ones left out). */
  elements(): SceneElement[];
}

declare global {
  interface Window {
    /** Set by a browser test before the app loads to ask for `__tabulaBoard`. */
    __TABULA_PROBE__?: boolean;
    __tabulaBoard?: BoardProbe;
  }
}

/**
 * Exposes the open board as `window.__tabulaBoard` when a test asked for it (the page was
 * started with `window.__TABULA_PROBE__ = true`); otherwise does nothing. Read only: it calls
 * the whiteboard's `getScene()`, which returns copies. Returns the cleanup.
 */
export function exposeBoardForTests(
  canvasId: string,
  handle: WhiteboardHandle,
  loaded: boolean,
): () => void {
  if (typeof window === 'undefined' || window.__TABULA_PROBE__ !== true) return () => {};
  const probe: BoardProbe = {
    canvasId,
    loaded,
    elements: () => handle.getScene().filter((element) => !element.isDeleted),
  };
  window.__tabulaBoard = probe;
  return () => {
    if (window.__tabulaBoard === probe) delete window.__tabulaBoard;
  };
}
