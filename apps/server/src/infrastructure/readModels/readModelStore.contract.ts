/**
 * The behaviour every ReadModelStore adapter must show. Run it from an adapter's test file:
 * `describeReadModelStoreContract('in-memory', (namespace) => createInMemoryReadModelStore())`.
 * The factory gets a fresh namespace per store; stores of different namespaces must not see
 * each other's data (adapters without shared state may ignore it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteDoc,
  dropKey,
  hashDelete,
  hashSet,
  putDoc,
  setAdd,
  setRemove,
  sortedAdd,
  sortedRemove,
} from './readModelStore';
import type { ReadModelStore } from './readModelStore';

/** Builds a store for one test; `namespace` is unique per call except where a test reuses it. */
export type ReadModelStoreFactory = (namespace: string) => ReadModelStore | Promise<ReadModelStore>;

let counter = 0;

/** Registers the contract suite for one adapter. */
export function describeReadModelStoreContract(name: string, factory: ReadModelStoreFactory): void {
  describe(`ReadModelStore contract: ${name}`, () => {
    const opened: ReadModelStore[] = [];
    let checkpoint = 0;

    async function open(namespace = `ns${++counter}`): Promise<ReadModelStore> {
      const store = await factory(namespace);
      opened.push(store);
      return store;
    }

    /** Commits `ops` for a projection 'test' with a fresh, increasing checkpoint. */
    function write(
      store: ReadModelStore,
      ...ops: Parameters<ReadModelStore['commit']>[2]
    ): Promise<boolean> {
      return store.commit('test', ++checkpoint, ops);
    }

    afterEach(async () => {
      for (const store of opened.splice(0)) {
        await store.clear();
        await store.close();
      }
    });

    it('puts, gets and deletes documents by collection and id', async () => {
      const store = await open();
      await write(
        store,
        putDoc('users', 'u1', { id: 'u1', name: 'Ada' }),
        putDoc('canvases', 'u1', { id: 'c' }),
      );
      expect(await store.get('users', 'u1')).toEqual({ id: 'u1', name: 'Ada' });
      expect(await store.get('canvases', 'u1')).toEqual({ id: 'c' });
      expect(await store.get('users', 'nobody')).toBeNull();

      await write(
        store,
        putDoc('users', 'u1', { id: 'u1', name: 'Ada L.' }),
        deleteDoc('canvases', 'u1'),
      );
      expect(await store.get('users', 'u1')).toEqual({ id: 'u1', name: 'Ada L.' });
      expect(await store.get('canvases', 'u1')).toBeNull();
    });

    it('getMany answers in the order asked, with null for missing ids', async () => {
      const store = await open();
      await write(store, putDoc('canvases', 'a', { n: 1 }), putDoc('canvases', 'b', { n: 2 }));
      expect(await store.getMany('canvases', ['b', 'missing', 'a'])).toEqual([
        { n: 2 },
        null,
        { n: 1 },
      ]);
      expect(await store.getMany('canvases', [])).toEqual([]);
    });

    it('stores JSON: reads are copies, undefined fields vanish, any JSON value is allowed', async () => {
      const store = await open();
      const doc = { name: 'x', tags: ['a'], missing: undefined, nested: { n: 1.5 } };
      await write(
        store,
        putDoc('docs', 'd', doc),
        putDoc('docs', 'text', 'plain'),
        putDoc('docs', 'null', null),
      );
      doc.tags.push('changed after commit');
      const read = await store.get<{ tags: string[] }>('docs', 'd');
      expect(read).toEqual({ name: 'x', tags: ['a'], nested: { n: 1.5 } });
      expect(read).not.toHaveProperty('missing');
      read!.tags.push('changed after read');
      expect(await store.get('docs', 'd')).toEqual({ name: 'x', tags: ['a'], nested: { n: 1.5 } });
      expect(await store.get('docs', 'text')).toBe('plain');
      expect(await store.get('docs', 'null')).toBeNull();
    });

    it('serves unique lookups (user id by email, by username) that move with the user', async () => {
      const store = await open();
      await write(
        store,
        putDoc('users', 'u1', { username: 'ada' }),
        putDoc('userIdByEmail', 'ada@example.com', 'u1'),
        putDoc('userIdByUsername', 'ada', 'u1'),
      );
      expect(await store.get('userIdByEmail', 'ada@example.com')).toBe('u1');
      expect(await store.get('userIdByUsername', 'ada')).toBe('u1');

      await write(
        store,
        deleteDoc('userIdByUsername', 'ada'),
        putDoc('userIdByUsername', 'lovelace', 'u1'),
      );
      expect(await store.get('userIdByUsername', 'ada')).toBeNull();
      expect(await store.get('userIdByUsername', 'lovelace')).toBe('u1');
    });

    it('upserts and deletes single hash fields without touching the others', async () => {
      const store = await open();
      await write(
        store,
        hashSet('scene:c1', 'e1', { id: 'e1', version: 1 }),
        hashSet('scene:c1', 'e2', { id: 'e2', version: 1 }),
      );
      await write(
        store,
        hashSet('scene:c1', 'e1', { id: 'e1', version: 2 }),
        hashDelete('scene:c1', 'e2'),
      );

      expect(await store.hashGet('scene:c1', 'e1')).toEqual({ id: 'e1', version: 2 });
      expect(await store.hashGet('scene:c1', 'e2')).toBeNull();
      expect(await store.hashGetAll('scene:c1')).toEqual(
        new Map([['e1', { id: 'e1', version: 2 }]]),
      );
      expect(await store.hashGetAll('scene:none')).toEqual(new Map());
    });

    it('drops a whole hash, sorted set or set, and each kind has its own key space', async () => {
      const store = await open();
      await write(
        store,
        hashSet('k', 'f', 1),
        sortedAdd('k', 'm', 1),
        setAdd('k', 'm'),
        putDoc('k', 'k', 1),
      );
      await write(store, dropKey('hash', 'k'));
      expect(await store.hashGetAll('k')).toEqual(new Map());
      expect(await store.sortedRange('k')).toEqual([{ member: 'm', score: 1 }]);
      expect(await store.setMembers('k')).toEqual(['m']);
      expect(await store.get('k', 'k')).toBe(1);

      await write(
        store,
        dropKey('sorted', 'k'),
        dropKey('set', 'k'),
        dropKey('set', 'never-existed'),
      );
      expect(await store.sortedRange('k')).toEqual([]);
      expect(await store.setMembers('k')).toEqual([]);
    });

    it('keeps a hash of thousands of elements, updated element by element', async () => {
      const store = await open();
      const elements = Array.from({ length: 3000 }, (_, i) =>
        hashSet('scene:big', `e${i}`, { id: `e${i}`, version: 1, x: i }),
      );
      await write(store, ...elements);
      await write(store, hashSet('scene:big', 'e42', { id: 'e42', version: 2, x: -1 }));
      const scene = await store.hashGetAll<{ version: number }>('scene:big');
      expect(scene.size).toBe(3000);
      expect(scene.get('e42')).toEqual({ id: 'e42', version: 2, x: -1 });
      expect(scene.get('e2999')).toEqual({ id: 'e2999', version: 1, x: 2999 });
    });

    it('ranges a sorted set newest first with reverse, ties by member, with offset and limit', async () => {
      const store = await open();
      await write(
        store,
        sortedAdd('canvases:u1', 'old', 1000),
        sortedAdd('canvases:u1', 'new', 3000),
        sortedAdd('canvases:u1', 'mid-b', 2000),
        sortedAdd('canvases:u1', 'mid-a', 2000),
        sortedAdd('canvases:u1', 'ms', 1_763_700_000_123.5),
      );
      const members = async (options?: Parameters<ReadModelStore['sortedRange']>[1]) =>
        (await store.sortedRange('canvases:u1', options)).map((entry) => entry.member);

      expect(await members({ reverse: true })).toEqual(['ms', 'new', 'mid-b', 'mid-a', 'old']);
      expect(await members()).toEqual(['old', 'mid-a', 'mid-b', 'new', 'ms']);
      expect(await members({ reverse: true, offset: 1, limit: 2 })).toEqual(['new', 'mid-b']);
      expect(await members({ limit: 0 })).toEqual([]);
      expect(await members({ offset: 9 })).toEqual([]);
      expect((await store.sortedRange('canvases:u1', { reverse: true, limit: 1 }))[0]).toEqual({
        member: 'ms',
        score: 1_763_700_000_123.5,
      });

      await write(store, sortedAdd('canvases:u1', 'old', 4000), sortedRemove('canvases:u1', 'ms'));
      expect(await members({ reverse: true })).toEqual(['old', 'new', 'mid-b', 'mid-a']);
      await expect(store.sortedRange('canvases:u1', { offset: -1 })).rejects.toThrow(TypeError);
    });

    it('adds, removes and tests set members; members come back sorted', async () => {
      const store = await open();
      await write(
        store,
        setAdd('collaborators:c1', 'u2'),
        setAdd('collaborators:c1', 'u1'),
        setAdd('collaborators:c1', 'u2'),
      );
      expect(await store.setMembers('collaborators:c1')).toEqual(['u1', 'u2']);
      expect(await store.setHas('collaborators:c1', 'u1')).toBe(true);

      await write(
        store,
        setRemove('collaborators:c1', 'u1'),
        setRemove('collaborators:c1', 'absent'),
      );
      expect(await store.setMembers('collaborators:c1')).toEqual(['u2']);
      expect(await store.setHas('collaborators:c1', 'u1')).toBe(false);
      expect(await store.setMembers('collaborators:none')).toEqual([]);
    });

    it('stores the checkpoint with the data, per projection', async () => {
      const store = await open();
      expect(await store.getCheckpoint('canvas-summary')).toBeNull();
      expect(
        await store.commit('canvas-summary', 0, [putDoc('canvases', 'c1', { name: 'A' })]),
      ).toBe(true);
      expect(await store.getCheckpoint('canvas-summary')).toBe(0);
      expect(await store.commit('canvas-summary', 7, [])).toBe(true);
      expect(await store.getCheckpoint('canvas-summary')).toBe(7);
      expect(await store.getCheckpoint('scene')).toBeNull();
      expect(await store.commit('scene', Number.MAX_SAFE_INTEGER, [])).toBe(true);
      expect(await store.getCheckpoint('scene')).toBe(Number.MAX_SAFE_INTEGER);
    });

    it('ignores a batch whose checkpoint is not newer than the stored one, changing nothing', async () => {
      const store = await open();
      await store.commit('p', 10, [putDoc('docs', 'd', 'v10'), setAdd('s', 'a')]);
      expect(await store.commit('p', 10, [putDoc('docs', 'd', 'again'), setAdd('s', 'b')])).toBe(
        false,
      );
      expect(await store.commit('p', 9, [deleteDoc('docs', 'd'), dropKey('set', 's')])).toBe(false);
      expect(await store.commit('p', 2, [putDoc('docs', 'd', 'shorter number')])).toBe(false);
      expect(await store.get('docs', 'd')).toBe('v10');
      expect(await store.setMembers('s')).toEqual(['a']);
      expect(await store.getCheckpoint('p')).toBe(10);
      // Another projection has its own checkpoint.
      expect(await store.commit('other', 1, [putDoc('docs', 'o', 1)])).toBe(true);
    });

    it('rejects an invalid batch and writes none of it', async () => {
      const store = await open();
      await store.commit('p', 1, [putDoc('docs', 'd', 'before')]);
      const invalid = [
        [putDoc('docs', 'd', 'after'), sortedAdd('z', 'm', Number.NaN)],
        [putDoc('docs', 'd', 'after'), sortedAdd('z', 'm', Number.POSITIVE_INFINITY)],
        [putDoc('docs', 'd', 'after'), hashSet('h', 'f', undefined)],
        [putDoc('docs', 'd', 'after'), putDoc('docs', 'big', BigInt(1))],
      ];
      for (const ops of invalid) await expect(store.commit('p', 2, ops)).rejects.toThrow(TypeError);
      for (const checkpoint of [-1, 2.5, Number.NaN, 2 ** 53]) {
        await expect(store.commit('p', checkpoint, [putDoc('docs', 'd', 'after')])).rejects.toThrow(
          TypeError,
        );
      }
      expect(await store.get('docs', 'd')).toBe('before');
      expect(await store.sortedRange('z')).toEqual([]);
      expect(await store.getCheckpoint('p')).toBe(1);
    });

    it('keeps the highest checkpoint and its data when commits race', async () => {
      const store = await open();
      const order = [7, 3, 20, 1, 15, 9, 12, 5, 18, 2, 11, 19, 4, 16, 8, 13, 6, 17, 10, 14];
      const results = await Promise.all(
        order.map((n) =>
          store.commit('race', n, [putDoc('docs', 'last', n), setAdd('seen', String(n))]),
        ),
      );
      expect(results[order.indexOf(20)]).toBe(true);
      expect(await store.getCheckpoint('race')).toBe(20);
      expect(await store.get('docs', 'last')).toBe(20);
      // Every applied batch wrote its set member, and no ignored batch did.
      const applied = order
        .filter((_, i) => results[i])
        .map(String)
        .sort();
      expect(await store.setMembers('seen')).toEqual(applied);
    });

    it('clear() deletes this store only, checkpoints included', async () => {
      const namespace = `ns${++counter}`;
      const store = await open(namespace);
      const neighbour = await open(`${namespace}*`);
      for (const s of [store, neighbour]) {
        await s.commit('p', 5, [
          putDoc('docs', 'd', 1),
          hashSet('h', 'f', 1),
          sortedAdd('z', 'm', 1),
          setAdd('s', 'm'),
        ]);
      }
      await store.clear();
      expect(await store.get('docs', 'd')).toBeNull();
      expect(await store.hashGetAll('h')).toEqual(new Map());
      expect(await store.sortedRange('z')).toEqual([]);
      expect(await store.setMembers('s')).toEqual([]);
      expect(await store.getCheckpoint('p')).toBeNull();
      expect(await store.commit('p', 1, [])).toBe(true);

      expect(await neighbour.get('docs', 'd')).toBe(1);
      expect(await neighbour.hashGet('h', 'f')).toBe(1);
      expect(await neighbour.getCheckpoint('p')).toBe(5);
      await neighbour.clear();
      expect(await store.getCheckpoint('p')).toBe(1);
    });

    it('keeps `__proto__` and `constructor` as plain data, polluting nothing', async () => {
      const store = await open();
      const hostile = JSON.parse(
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
      ) as object;
      await write(
        store,
        putDoc('docs', '__proto__', hostile),
        putDoc('__proto__', 'x', hostile),
        hashSet('__proto__', '__proto__', hostile),
        hashSet('h', 'constructor', 1),
        setAdd('__proto__', '__proto__'),
        sortedAdd('__proto__', '__proto__', 1),
      );
      const doc = await store.get<Record<string, unknown>>('docs', '__proto__');
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
      expect(Object.keys(doc!)).toEqual(['__proto__', 'constructor']);
      expect(await store.get('__proto__', 'x')).toEqual(doc);
      const hash = await store.hashGetAll('__proto__');
      expect([...hash.keys()]).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(hash.get('__proto__'))).toBe(Object.prototype);
      expect(await store.hashGetAll('h')).toEqual(new Map([['constructor', 1]]));
      expect(await store.setMembers('__proto__')).toEqual(['__proto__']);
      expect(await store.sortedRange('__proto__')).toEqual([{ member: '__proto__', score: 1 }]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  });
}
