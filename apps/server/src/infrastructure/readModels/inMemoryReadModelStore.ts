/**
 * The in-memory read-model store: the default of the embedded server (read models are rebuilt
 * from the log at start). Values are kept as JSON text, exactly as Redis keeps them, so both
 * adapters behave alike: reads return fresh copies and `undefined` fields vanish on write.
 */
import { assertCheckpoint, assertRangeOptions, assertScore, encodeValue } from './readModelStore';
import type {
  Checkpoint,
  KeyKind,
  ReadModelOp,
  ReadModelStore,
  SortedEntry,
  SortedRangeOptions,
} from './readModelStore';

/** An op whose value is already serialised, so a batch is validated before anything is written. */
type PreparedOp =
  | Exclude<ReadModelOp, { value: unknown }>
  | (Extract<ReadModelOp, { value: unknown }> & { json: string });

/** Everything an in-memory store holds, as plain JSON (see `readModelsFile.ts`). */
export interface ReadModelsDump {
  docs: [string, [string, string][]][];
  hashes: [string, [string, string][]][];
  sorted: [string, [string, number][]][];
  sets: [string, string[]][];
  checkpoints: [string, Checkpoint][];
}

export interface InMemoryReadModelStore extends ReadModelStore {
  /** A copy of everything held, taken at once (call it between two commits). */
  dump(): ReadModelsDump;
}

const nested = <V>(map: Map<string, Map<string, V>>): [string, [string, V][]][] =>
  [...map].map(([key, inner]) => [key, [...inner]]);
const unnested = <V>(entries: [string, [string, V][]][]): Map<string, Map<string, V>> =>
  new Map(entries.map(([key, inner]) => [key, new Map(inner)]));

/**
 * Creates an in-memory store, empty or holding `from` (a dump). Every store is independent:
 * no prefix is needed.
 */
export function createInMemoryReadModelStore(from?: ReadModelsDump): InMemoryReadModelStore {
  const docs = unnested(from?.docs ?? []);
  const hashes = unnested(from?.hashes ?? []);
  const sorted = unnested(from?.sorted ?? []);
  const sets = new Map((from?.sets ?? []).map(([key, members]) => [key, new Set(members)]));
  const checkpoints = new Map<string, Checkpoint>(from?.checkpoints ?? []);

  function entry<V>(map: Map<string, V>, key: string, create: () => V): V {
    let value = map.get(key);
    if (value === undefined) {
      value = create();
      map.set(key, value);
    }
    return value;
  }

  function prepare(op: ReadModelOp): PreparedOp {
    if (op.type === 'putDoc' || op.type === 'hashSet')
      return { ...op, json: encodeValue(op.value) };
    if (op.type === 'sortedAdd') assertScore(op.score);
    return op;
  }

  function removeFrom<V>(
    map: Map<string, Map<string, V> | Set<string>>,
    key: string,
    item: string,
  ): void {
    const inner = map.get(key);
    if (!inner) return;
    inner.delete(item);
    if (inner.size === 0) map.delete(key);
  }

  const byKind: Record<KeyKind, Map<string, unknown>> = { hash: hashes, sorted, set: sets };

  function apply(op: PreparedOp): void {
    switch (op.type) {
      case 'putDoc':
        entry(docs, op.collection, () => new Map()).set(op.id, op.json);
        return;
      case 'deleteDoc':
        return removeFrom(docs, op.collection, op.id);
      case 'hashSet':
        entry(hashes, op.key, () => new Map()).set(op.field, op.json);
        return;
      case 'hashDelete':
        return removeFrom(hashes, op.key, op.field);
      case 'sortedAdd':
        entry(sorted, op.key, () => new Map()).set(op.member, op.score);
        return;
      case 'sortedRemove':
        return removeFrom(sorted, op.key, op.member);
      case 'setAdd':
        entry(sets, op.key, () => new Set()).add(op.member);
        return;
      case 'setRemove':
        return removeFrom(sets, op.key, op.member);
      case 'dropKey':
        byKind[op.kind].delete(op.key);
        return;
      default: {
        const unknownOp: never = op;
        throw new TypeError(`Unknown read-model op ${JSON.stringify(unknownOp)}`);
      }
    }
  }

  function parse<T>(json: string | undefined): T | null {
    return json === undefined ? null : (JSON.parse(json) as T);
  }

  return {
    dump() {
      return {
        docs: nested(docs),
        hashes: nested(hashes),
        sorted: nested(sorted),
        sets: [...sets].map(([key, members]) => [key, [...members]]),
        checkpoints: [...checkpoints],
      };
    },
    async get<T>(collection: string, id: string) {
      return parse<T>(docs.get(collection)?.get(id));
    },
    async getMany<T>(collection: string, ids: readonly string[]) {
      const inCollection = docs.get(collection);
      return ids.map((id) => parse<T>(inCollection?.get(id)));
    },
    async hashGet<T>(key: string, field: string) {
      return parse<T>(hashes.get(key)?.get(field));
    },
    async hashGetAll<T>(key: string) {
      const result = new Map<string, T>();
      for (const [field, json] of hashes.get(key) ?? []) result.set(field, JSON.parse(json) as T);
      return result;
    },
    async sortedRange(key: string, options: SortedRangeOptions = {}) {
      assertRangeOptions(options);
      const all: SortedEntry[] = [...(sorted.get(key) ?? [])].map(([member, score]) => ({
        member,
        score,
      }));
      all.sort((a, b) => a.score - b.score || compareBytes(a.member, b.member));
      if (options.reverse) all.reverse();
      const start = options.offset ?? 0;
      return all.slice(start, options.limit === undefined ? undefined : start + options.limit);
    },
    async setMembers(key: string) {
      return [...(sets.get(key) ?? [])].sort();
    },
    async setHas(key: string, member: string) {
      return sets.get(key)?.has(member) ?? false;
    },
    async getCheckpoint(projection: string) {
      return checkpoints.get(projection) ?? null;
    },
    async commit(projection: string, checkpoint: Checkpoint, ops: readonly ReadModelOp[]) {
      assertCheckpoint(checkpoint);
      const prepared = ops.map(prepare);
      const stored = checkpoints.get(projection);
      if (stored !== undefined && stored >= checkpoint) return false;
      prepared.forEach(apply);
      checkpoints.set(projection, checkpoint);
      return true;
    },
    async clear() {
      for (const map of [docs, hashes, sorted, sets, checkpoints]) map.clear();
    },
    async close() {},
  };
}

/** Orders strings by their UTF-8 bytes, as Redis orders sorted-set members of equal score. */
function compareBytes(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b));
}
