/**
 * The navigations the service worker leaves to the server (never answered with the app's
 * page from its cache): the server's own routes. `/canvas/<id>` is the app's, while the REST
 * calls live under `/canvas/<call>/…`. No imports, so vite.config.ts can load it as is;
 * serverNavigations.test.ts checks it against the protocol's `API_PATHS` and the app's routes.
 */

/** The REST calls' first segment under `/canvas/` (PROTOCOL.md, `API_PATHS`). */
const CANVAS_CALLS = [
  'createcanvas',
  'getcanvas',
  'getallcanvases',
  'updatecanvasname',
  'deletecanvas',
  'history',
  'scene',
  'scene-download',
  'replay',
  'element-history',
  'restore',
  'fork',
  'checkpoint',
  'checkpoints',
  'file',
  'thumbnail',
  'share',
  'shares',
  'clearing',
  'unshare',
  'view',
];

/** Matched against a navigation's path and query (Workbox's `navigateFallbackDenylist`). */
export const SERVER_NAVIGATIONS: RegExp[] = [
  /^\/(api|auth|socket\.io|embed|health|ready|assets|fonts|excalidraw-fallback)(\/|$|\?)/,
  new RegExp(`^/canvas/(${CANVAS_CALLS.join('|')})(/|$|\\?)`),
  // A file (sw.js, the manifest, an icon): never a client-side route.
  /^\/[^?]*\.[a-z0-9]+(\?|$)/i,
];

/** Whether a navigation to `pathAndQuery` is the server's. */
export function isServerNavigation(pathAndQuery: string): boolean {
  return SERVER_NAVIGATIONS.some((pattern) => pattern.test(pathAndQuery));
}
