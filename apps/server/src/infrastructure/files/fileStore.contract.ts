/** The behaviour every FileStore adapter must show; `fileStores.int.test.ts` runs it on each. */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore, StoredFile } from './fileStore';

let counter = 0;

/** A PNG-headed file of random bytes (the store checks nothing of the content). */
export function randomFile(size = 64): StoredFile {
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(size),
  ]);
  return {
    hash: createHash('sha256').update(bytes).digest('base64url'),
    mimeType: 'image/png',
    bytes,
  };
}

export function describeFileStoreContract(
  name: string,
  open: () => FileStore | Promise<FileStore>,
): void {
  describe(`FileStore contract: ${name}`, () => {
    const opened: FileStore[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });
    async function fresh() {
      const store = await open();
      opened.push(store);
      counter += 1;
      return {
        store,
        a: `canvas-${process.pid}-${counter}-a`,
        b: `canvas-${process.pid}-${counter}-b`,
      };
    }

    it('maps a fileId of a canvas to the bytes, and nothing else to them', async () => {
      const { store, a, b } = await fresh();
      const file = randomFile();
      expect(await store.put(a, 'f1', file)).toBe('stored');
      const read = await store.get(a, 'f1');
      expect(read?.hash).toBe(file.hash);
      expect(read?.mimeType).toBe('image/png');
      expect(read?.bytes.equals(file.bytes)).toBe(true);
      expect(await store.get(a, 'f2')).toBeNull();
      expect(await store.get(b, 'f1')).toBeNull();
    });

    it('keeps the bytes once however many canvases and ids use them', async () => {
      const { store, a, b } = await fresh();
      const before = await store.count();
      const file = randomFile();
      await store.put(a, 'f1', file);
      await store.put(a, 'f1-again', file);
      await store.put(b, 'f1', file);
      expect(await store.count()).toBe(before + 1);
    });

    it('never changes a mapping: the same file again is unchanged, another is a conflict', async () => {
      const { store, a } = await fresh();
      const file = randomFile();
      const other = randomFile();
      const before = await store.count();
      await store.put(a, 'f1', file);
      expect(await store.put(a, 'f1', file)).toBe('unchanged');
      expect(await store.put(a, 'f1', other)).toBe('conflict');
      expect((await store.get(a, 'f1'))?.hash).toBe(file.hash);
      expect(await store.count()).toBe(before + 1);
    });

    it("purges a canvas's mappings and the bytes only it used", async () => {
      const { store, a, b } = await fresh();
      const shared = randomFile();
      const own = randomFile();
      const before = await store.count();
      await store.put(a, 'shared', shared);
      await store.put(a, 'own', own);
      await store.put(b, 'copy', shared);
      await store.purgeCanvas(a);
      expect(await store.get(a, 'shared')).toBeNull();
      expect(await store.get(a, 'own')).toBeNull();
      expect((await store.get(b, 'copy'))?.bytes.equals(shared.bytes)).toBe(true);
      expect(await store.count()).toBe(before + 1);
      await store.purgeCanvas(b);
      expect(await store.count()).toBe(before);
    });
  });
}
