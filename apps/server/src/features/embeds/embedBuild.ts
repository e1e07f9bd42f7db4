/**
 * Where the custom elements' embed build is (`@tabula/whiteboard`'s `dist/embed/v1/`: the
 * entry `tabula.js`, its hashed chunks, CSS and fonts), and how long each of its files may be
 * cached. The package is found the way Node finds packages, in the `node_modules` folders
 * above this module: the same from the sources (tsx), the built server (`apps/server/dist`) and
 * the container image (which copies the build into `node_modules/@tabula/whiteboard`). The
 * server does not depend on the package (the widget's tests depend on the server): when it is
 * absent or not built, `/embed/v1/` answers 404 and everything else works.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version in the module's address: a page that loads `/embed/v1/tabula.js` keeps working. */
export const EMBED_VERSION = 'v1';
/** The module a page loads; the one address of the build that never changes. */
export const EMBED_ENTRY = 'tabula.js';
export const EMBED_MODULE_PREFIX = `/embed/${EMBED_VERSION}/`;

const PACKAGE = '@tabula/whiteboard';
const BUILD_IN_PACKAGE = path.join('dist', 'embed', EMBED_VERSION);

/**
 * The embed build's directory, found from `moduleUrl` upwards; undefined when no
 * `node_modules/@tabula/whiteboard` is above it. The directory itself may not exist yet.
 */
export function findEmbedBuild(moduleUrl: string = import.meta.url): string | undefined {
  for (let dir = path.dirname(fileURLToPath(moduleUrl)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', PACKAGE, 'package.json');
    if (existsSync(manifest))
      return path.join(realpathSync(path.dirname(manifest)), BUILD_IN_PACKAGE);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** A year: what a file whose name holds its content's hash may be cached for. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The entry and any file without a hash: picked up within five minutes of a deployment. */
const SHORT = 'public, max-age=300';

/** The build's own files (`chunks/[name]-[hash].js`, `assets/[name]-[hash][ext]`): all hashed. */
const HASHED_FOLDERS = /^(chunks|assets)\//;

/**
 * A content hash ending a copied file's name (Excalidraw's fonts:
 * `Excalifont-Regular-a88b72a24fb54c9f94e3b5fdaa7481c9.woff2`,
 * `Lilita-Regular-i7dPIFZ9Zz-WBtRtedDbYEF8RXi4EwQ.woff2`): eight or more hex digits, or sixteen
 * or more letters, digits, `_` and `-` with a digit among them. A word (`Virgil-Regular.woff2`)
 * is never taken for one.
 */
const HASHED_NAME = /-(?:[\da-f]{8,}|(?=[\w-]*\d)[\w-]{16,})\.[a-z\d]+$/;

/** The Cache-Control of a file of the build (`relative` to its directory, `/`-separated). */
export function cacheControlOf(relative: string): string {
  if (relative === EMBED_ENTRY) return SHORT;
  return HASHED_FOLDERS.test(relative) || HASHED_NAME.test(relative) ? IMMUTABLE : SHORT;
}
