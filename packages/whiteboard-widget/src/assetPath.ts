declare global {
  interface Window {
    /** Where Excalidraw looks for `fonts/…` (the folder holding the copied `fonts`). */
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * Points Excalidraw at the fonts the host serves (copied with `npx tabula-whiteboard-fonts
 * <public-dir>`). Call it before the first `<Whiteboard>` renders; `path` is the URL of the
 * folder that holds `fonts/`, e.g. '/excalidraw-assets/'. Without it Excalidraw fetches its
 * fonts from esm.sh.
 */
export function setExcalidrawAssetPath(path: string): void {
  window.EXCALIDRAW_ASSET_PATH = path.endsWith('/') ? path : `${path}/`;
}
