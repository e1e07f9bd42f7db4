/**
 * Bounded join replies (PROTOCOL.md "Joining a large canvas"): a scene too large for one
 * message is answered `{ kind: 'chunked' }` and then sent as `scene-chunk` messages, or, for a
 * client that can fetch it over HTTP, `{ kind: 'download' }` with where to fetch it; a catch-up
 * beyond the bound is answered `{ kind: 'resync' }` (join again without `sinceRevision`), and a
 * session that fell too far behind while joined gets `canvas-resync`.
 */
import type { SceneElement } from '../scene/index';

/**
 * `join-canvas` ack for a large scene: `scene-chunk` messages of `streamId` follow, the last
 * one marked `last`; together they hold the scene at `revision`.
 */
export interface JoinCanvasChunked {
  kind: 'chunked';
  canvasId: string;
  revision: number;
  streamId: string;
  /** Elements over all chunks. */
  elements: number;
}

/**
 * `join-canvas` ack for a large scene when the join asked for `download`: `GET path` (on the
 * server that answered, once, within `SCENE_DOWNLOAD_TTL_MS`) answers the scene at `revision`
 * as one JSON array of `elements` elements, about `bytes` long once decoded (compressed on the
 * wire). The path is the capability: it needs no session.
 */
export interface JoinCanvasDownload {
  kind: 'download';
  canvasId: string;
  revision: number;
  path: string;
  elements: number;
  bytes: number;
}

/** How long a `download` answer's path can be fetched. */
export const SCENE_DOWNLOAD_TTL_MS = 60_000;

/** `join-canvas` ack when more changed since `sinceRevision` than a catch-up carries. */
export interface JoinCanvasResync {
  kind: 'resync';
  canvasId: string;
}

/** `scene-chunk`: part `index` (from 0) of a chunked join's scene, in scene order. */
export interface SceneChunk {
  canvasId: string;
  streamId: string;
  index: number;
  elements: SceneElement[];
  /** Present on the stream's last chunk. */
  last?: true;
}

/** `canvas-resync`: the session fell too far behind; join the canvas again for its scene. */
export interface CanvasResync {
  canvasId: string;
}

/** Elements a catch-up (`sinceRevision`) carries at most before it answers `resync`. */
export const MAX_CATCH_UP_ELEMENTS = 5_000;
/** Events a catch-up reads at most before it answers `resync`. */
export const MAX_CATCH_UP_EVENTS = 1_000;
/** A scene of more elements than this goes in chunks. */
export const SCENE_CHUNK_ELEMENTS = 1_000;
/** Bytes of JSON one `scene-chunk` carries at most (beyond one element). */
export const SCENE_CHUNK_BYTES = 192 * 1024;
