/**
 * The scene: the drawing content of a canvas, in Excalidraw's element model. Elements are
 * never removed, only tombstoned (`isDeleted: true`), so that deletions converge like any
 * other change.
 */

/**
 * One drawing element, shaped like Excalidraw's `ExcalidrawElement`. Only the fields the
 * reconciliation rule needs are typed; every other Excalidraw field (`x`, `points`, `text`,
 * `strokeColor`, …) travels untouched.
 */
export interface SceneElement {
  id: string;
  type: string;
  /** Bumped on every change; the higher version wins. */
  version: number;
  /** Random per change; on equal versions the lower nonce wins, on every replica alike. */
  versionNonce: number;
  /** A tombstone: kept so that the deletion reaches every replica. */
  isDeleted: boolean;
  /** Fractional index (z-order); compared as a plain string. `null` sorts last. */
  index: string | null;
  /** Excalidraw's last-change timestamp (informative only; never used to decide). */
  updated?: number;
  [key: string]: unknown;
}

/**
 * A scene: elements keyed by their id, tombstones included. A plain record rather than a
 * `Map` so that it survives `JSON.stringify`/`JSON.parse` (the server keeps scenes in
 * Redis). Build one with `toScene` and read it with `sceneElements`, which only look at own
 * properties, so an element id such as `__proto__` is stored and read like any other.
 */
export type Scene = Readonly<Record<string, SceneElement>>;

/** Input of `reconcile`: a scene or a list of elements (a list may repeat an id). */
export type SceneInput = Scene | readonly SceneElement[];
