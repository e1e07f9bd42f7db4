/**
 * The read-model store port: where projections keep what users read.
 *
 * Four shapes of data, all namespaced by the prefix given to the adapter's factory:
 * - documents: a JSON value per (collection, id), e.g. `users/<userId>`, `userIdByEmail/<email>`;
 * - hashes: JSON values per field of one key, e.g. the scene of a canvas, one field per element;
 * - sorted sets: string members ordered by a numeric score, e.g. a user's canvases by timestamp;
 * - sets: string members, e.g. the collaborators of a canvas.
 *
 * Writes happen only through `commit`, which applies a batch of operations together with the
 * projection's checkpoint, atomically. A batch whose checkpoint is not greater than the stored
 * one is ignored, so replaying events into a projection is harmless.
 */
import { stringify } from '../sharedJson';

/**
 * The global log position of the last event a projection applied (the event store's
 * `RecordedEvent.position`), stored with the projection's data. A non-negative safe integer.
 */
export type Checkpoint = number;

/** Writes a document (any JSON value) under (collection, id), replacing the previous one. */
export interface PutDocOp {
  type: 'putDoc';
  collection: string;
  id: string;
  value: unknown;
}

/** Deletes the document at (collection, id), if any. */
export interface DeleteDocOp {
  type: 'deleteDoc';
  collection: string;
  id: string;
}

/** Writes one field of a hash (a JSON value), replacing the previous value of that field. */
export interface HashSetOp {
  type: 'hashSet';
  key: string;
  field: string;
  value: unknown;
}

/** Deletes one field of a hash. */
export interface HashDeleteOp {
  type: 'hashDelete';
  key: string;
  field: string;
}

/** Adds a member to a sorted set, or moves it to a new score. */
export interface SortedAddOp {
  type: 'sortedAdd';
  key: string;
  member: string;
  score: number;
}

/** Removes a member from a sorted set. */
export interface SortedRemoveOp {
  type: 'sortedRemove';
  key: string;
  member: string;
}

/** Adds a member to a set. */
export interface SetAddOp {
  type: 'setAdd';
  key: string;
  member: string;
}

/** Removes a member from a set. */
export interface SetRemoveOp {
  type: 'setRemove';
  key: string;
  member: string;
}

/** Deletes a whole hash, sorted set or set (e.g. the scene and collaborators of a deleted canvas). */
export interface DropKeyOp {
  type: 'dropKey';
  kind: KeyKind;
  key: string;
}

/** The keyed structures besides documents. Each kind has its own namespace: a hash and a set may share a key. */
export type KeyKind = 'hash' | 'sorted' | 'set';

/** One write of a commit batch. Build them with the helpers below. */
export type ReadModelOp =
  | PutDocOp
  | DeleteDocOp
  | HashSetOp
  | HashDeleteOp
  | SortedAddOp
  | SortedRemoveOp
  | SetAddOp
  | SetRemoveOp
  | DropKeyOp;

/** A member of a sorted set with its score. */
export interface SortedEntry {
  member: string;
  score: number;
}

/** Which slice of a sorted set to read. Without options: every member, lowest score first. */
export interface SortedRangeOptions {
  /** Highest score first (newest first when scores are timestamps). Ties order by member. */
  reverse?: boolean;
  /** Members to skip from the start of the chosen order. Default 0. */
  offset?: number;
  /** At most this many members. Default: all. */
  limit?: number;
}

/** The port. Values come back as fresh copies parsed from JSON: mutating them changes nothing stored. */
export interface ReadModelStore {
  /** The document at (collection, id), or null. */
  get<T = unknown>(collection: string, id: string): Promise<T | null>;
  /** The documents at the given ids of one collection, in the order of `ids`, null where missing. */
  getMany<T = unknown>(collection: string, ids: readonly string[]): Promise<(T | null)[]>;
  /** One field of a hash, or null. */
  hashGet<T = unknown>(key: string, field: string): Promise<T | null>;
  /** Every field of a hash (empty when the hash does not exist). Field order is unspecified. */
  hashGetAll<T = unknown>(key: string): Promise<Map<string, T>>;
  /** Members of a sorted set with their scores, ascending by (score, member) or descending with `reverse`. */
  sortedRange(key: string, options?: SortedRangeOptions): Promise<SortedEntry[]>;
  /** Members of a set, sorted ascending (code-unit order) so callers get a stable order. */
  setMembers(key: string): Promise<string[]>;
  /** Whether `member` belongs to the set. */
  setHas(key: string, member: string): Promise<boolean>;
  /** The last checkpoint committed by `projection`, or null before its first commit. */
  getCheckpoint(projection: string): Promise<Checkpoint | null>;
  /**
   * Applies `ops` in order and stores `checkpoint` for `projection`, all or nothing. Resolves
   * true when applied, false when ignored because the stored checkpoint is >= `checkpoint`.
   * Rejects (writing nothing) when an op is invalid: a value that is not JSON-serialisable,
   * a score that is not a finite number, a checkpoint that is not a non-negative safe integer.
   */
  commit(projection: string, checkpoint: Checkpoint, ops: readonly ReadModelOp[]): Promise<boolean>;
  /** Deletes everything of this store (its prefix only), checkpoints included: a rebuild starts here. */
  clear(): Promise<void>;
  /** Releases the store's resources (a connection the store opened itself). */
  close(): Promise<void>;
}

/** Op builder: write a document. */
export function putDoc(collection: string, id: string, value: unknown): PutDocOp {
  return { type: 'putDoc', collection, id, value };
}

/** Op builder: delete a document. */
export function deleteDoc(collection: string, id: string): DeleteDocOp {
  return { type: 'deleteDoc', collection, id };
}

/** Op builder: write one field of a hash. */
export function hashSet(key: string, field: string, value: unknown): HashSetOp {
  return { type: 'hashSet', key, field, value };
}

/** Op builder: delete one field of a hash. */
export function hashDelete(key: string, field: string): HashDeleteOp {
  return { type: 'hashDelete', key, field };
}

/** Op builder: add or re-score a member of a sorted set. */
export function sortedAdd(key: string, member: string, score: number): SortedAddOp {
  return { type: 'sortedAdd', key, member, score };
}

/** Op builder: remove a member of a sorted set. */
export function sortedRemove(key: string, member: string): SortedRemoveOp {
  return { type: 'sortedRemove', key, member };
}

/** Op builder: add a member to a set. */
export function setAdd(key: string, member: string): SetAddOp {
  return { type: 'setAdd', key, member };
}

/** Op builder: remove a member from a set. */
export function setRemove(key: string, member: string): SetRemoveOp {
  return { type: 'setRemove', key, member };
}

/** Op builder: delete a whole hash, sorted set or set. */
export function dropKey(kind: KeyKind, key: string): DropKeyOp {
  return { type: 'dropKey', kind, key };
}

/** Serialises a value for storage; throws a TypeError for what JSON cannot hold (undefined, functions, bigint, cycles). */
export function encodeValue(value: unknown): string {
  // An element of a commit is serialised once for the log, the read models and the sockets.
  const json = stringify(value);
  if (json === undefined)
    throw new TypeError(`Read-model values must be JSON-serialisable, got ${typeof value}`);
  return json;
}

/** Throws unless `score` is a finite number. */
export function assertScore(score: number): void {
  if (typeof score !== 'number' || !Number.isFinite(score)) {
    throw new TypeError(`Sorted-set scores must be finite numbers, got ${String(score)}`);
  }
}

/** Throws unless `checkpoint` is a non-negative safe integer. */
export function assertCheckpoint(checkpoint: Checkpoint): void {
  if (!Number.isSafeInteger(checkpoint) || checkpoint < 0) {
    throw new TypeError(
      `Checkpoints must be non-negative safe integers, got ${String(checkpoint)}`,
    );
  }
}

/** Throws unless `offset` and `limit` (when given) are non-negative integers. */
export function assertRangeOptions(options: SortedRangeOptions): void {
  for (const [name, value] of [
    ['offset', options.offset],
    ['limit', options.limit],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      throw new TypeError(
        `sortedRange ${name} must be a non-negative integer, got ${String(value)}`,
      );
    }
  }
}
