/**
 * Where the elements find Excalidraw's fonts (the folder holding `fonts/`): set by the embed
 * build to the folder of its own module; with the npm package, the host's
 * `setExcalidrawAssetPath` (README: serve the fonts yourself).
 */
let base: string | null = null;

export function setElementAssetBase(url: string): void {
  base = url.endsWith('/') ? url : `${url}/`;
  if (typeof window !== 'undefined' && window.EXCALIDRAW_ASSET_PATH === undefined) {
    window.EXCALIDRAW_ASSET_PATH = base;
  }
}

export function elementAssetBase(): string | null {
  if (base) return base;
  const path = typeof window === 'undefined' ? undefined : window.EXCALIDRAW_ASSET_PATH;
  return typeof path === 'string' ? new URL(path, document.baseURI).href : null;
}
