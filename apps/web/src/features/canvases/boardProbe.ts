import type { SceneElement } from '@tabula/domain';
import type { WhiteboardHandle } from '@tabula/whiteboard';

/** What a browser test may read of the open board: the editor's own scene, never a copy of ours. */
export interface BoardProbe {
  canvasId: string;
  /** The joined scene has been applied to the editor. */
  loaded: boolean;
  /** The elements the editor holds now (deleted ones left out). */
  elements(): SceneElement[];
  /** How many elements the editor holds now (deleted ones left out), without copying any. */
  count(): number;
  /**
   * Peers' elements in progress (their ink), drawn on the board's peer layer over the editor
   * until their commit replaces them: never in the editor's scene.
   */
  previews(): readonly SceneElement[];
}

declare global {
  interface Window {
    /** Set by a browser test before the app loads to ask for `__tabulaBoard`. */
    __TABULA_PROBE__?: boolean;
    __tabulaBoard?: BoardProbe;
    /**
     * Set by a browser test before the app loads: the device's storage quota in bytes, as the
     * board's storage warnings see it (Chromium's own quota override does not apply headless).
     */
    __TABULA_STORAGE_QUOTA__?: number;
  }
}

/**
 * The device's storage estimate against the quota a test set (`__TABULA_STORAGE_QUOTA__`),
 * or undefined (the browser's own estimate) when none is set.
 */
export function testStorageEstimate():
  (() => Promise<{ usage: number; quota: number } | null>) | undefined {
  if (typeof window === 'undefined' || window.__TABULA_STORAGE_QUOTA__ === undefined) return;
  const quota = window.__TABULA_STORAGE_QUOTA__;
  return async () => ({ usage: (await navigator.storage.estimate()).usage ?? 0, quota });
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
  previews: () => readonly SceneElement[] = () => [],
): () => void {
  if (typeof window === 'undefined' || window.__TABULA_PROBE__ !== true) return () => {};
  const probe: BoardProbe = {
    canvasId,
    loaded,
    elements: () => handle.getScene().filter((element) => !element.isDeleted),
    count: () => {
      let live = 0;
      for (const element of handle.getSceneElements()) if (!element.isDeleted) live += 1;
      return live;
    },
    previews,
  };
  window.__tabulaBoard = probe;
  return () => {
    if (window.__tabulaBoard === probe) delete window.__tabulaBoard;
  };
}
