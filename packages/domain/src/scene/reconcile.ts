/**
 * Scene reconciliation: one rule, used by the server's scene projection and by every
 * client, so that all replicas that have seen the same elements hold the same scene.
 * Rules (tests cite their ids):
 *
 * [SC1] For two copies of one element the winner is decided by a total order:
 *       the higher `version` wins; on equal versions the lower `versionNonce` wins
 *       (Excalidraw's rule); on equal nonces too the tombstone wins; if still tied, the copy
 *       whose canonical JSON sorts first wins. The last two steps only matter when two
 *       replicas produced different content under one version and nonce; without them each
 *       would keep its own copy and never converge.
 * [SC2] Tombstones (`isDeleted: true`) are kept, so deletions converge like any change.
 * [SC3] An element in `editingIds` keeps its local copy (the caller re-applies later).
 * [SC4] Output order: fractional `index` (code-unit string order), then `id`; null last.
 * [SC5] Because the order of [SC1] is total, merging is commutative, associative and
 *       idempotent: replicas that saw the same copies converge whatever the delivery order,
 *       duplicates or resends (the seeded fuzz in sceneConvergence.test.ts).
 * [SC6] `CanvasRestored` makes its elements the live content: versions bumped above the
 *       scene's, absent live elements tombstoned (evolveScene.ts).
 */
import type { SceneElement, SceneInput } from './scene.types';

/** Options of `reconcile`. */
export interface ReconcileOptions {
  /**
   * Ids of elements the local user is editing right now: their local copy is kept whatever
   * the remote holds (the caller re-applies the remote copy once the edit ends).
   */
  editingIds?: ReadonlySet<string>;
}

/**
 * Compares two copies of the same element: > 0 when `a` wins, < 0 when `b` wins, 0 when
 * they are interchangeable (same version, nonce, tombstone flag and content).
 */
export function compareElementCopies(a: SceneElement, b: SceneElement): number {
  if (a === b) return 0;
  if (a.version !== b.version) return a.version > b.version ? 1 : -1;
  if (a.versionNonce !== b.versionNonce) return a.versionNonce < b.versionNonce ? 1 : -1;
  if (a.isDeleted !== b.isDeleted) return a.isDeleted ? 1 : -1;
  // Usually the same copy echoed back: a cheap structural check avoids serialising.
  if (sameJsonValue(a, b)) return 0;
  const left = canonicalJson(a);
  const right = canonicalJson(b);
  if (left === right) return 0;
  return left < right ? 1 : -1;
}

/**
 * Merges two sets of elements into one, by the rule above, and returns every element
 * (tombstones included) ordered by `compareSceneOrder`. Either side may be a scene or a
 * list; a list that repeats an id is merged by the same rule. O(n log n).
 */
export function reconcile(
  local: SceneInput,
  remote: SceneInput,
  options: ReconcileOptions = {},
): SceneElement[] {
  const merged = mergeById(elementsOf(local));
  const editingIds = options.editingIds;
  const remoteById = mergeById(elementsOf(remote));
  for (const [id, remoteElement] of remoteById) {
    const current = merged.get(id);
    if (current === undefined) {
      merged.set(id, remoteElement);
    } else if (!editingIds?.has(id) && compareElementCopies(remoteElement, current) > 0) {
      merged.set(id, remoteElement);
    }
  }
  return orderElements(merged.values());
}

/**
 * Scene order: by fractional `index` (plain string comparison, as fractional indices are
 * built to compare), then by `id`; elements without an index come last.
 */
export function compareSceneOrder(a: SceneElement, b: SceneElement): number {
  if (a.index !== b.index) {
    if (a.index === null) return 1;
    if (b.index === null) return -1;
    return a.index < b.index ? -1 : 1;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** The elements in scene order (a new array). */
export function orderElements(elements: Iterable<SceneElement>): SceneElement[] {
  return Array.from(elements).sort(compareSceneOrder);
}

/** The elements of a scene or list (a scene's own values only). */
export function elementsOf(input: SceneInput): readonly SceneElement[] {
  return isElementList(input) ? input : Object.values(input);
}

/** Elements by id; copies of the same id are merged by the reconciliation rule. */
export function mergeById(elements: Iterable<SceneElement>): Map<string, SceneElement> {
  const byId = new Map<string, SceneElement>();
  for (const element of elements) {
    const current = byId.get(element.id);
    if (current === undefined || compareElementCopies(element, current) > 0) {
      byId.set(element.id, element);
    }
  }
  return byId;
}

function isElementList(input: SceneInput): input is readonly SceneElement[] {
  return Array.isArray(input);
}

/** Deep equality of JSON data (key order ignored; `undefined` fields count as absent). */
function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJsonValue(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return (
    leftKeys.length === rightKeys.length &&
    leftKeys.every((key) => Object.hasOwn(right, key) && sameJsonValue(left[key], right[key]))
  );
}

/** JSON with object keys sorted at every depth, so equal content gives equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) {
      Object.defineProperty(sorted, key, {
        value: (inner as Record<string, unknown>)[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return sorted;
  });
}
