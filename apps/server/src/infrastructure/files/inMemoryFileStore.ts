/** Files in maps: for tests and for apps given no other store. */
import type { FileStore, StoredFile } from './fileStore';

export function createInMemoryFileStore(): FileStore {
  const blobs = new Map<string, StoredFile>();
  /** canvasId → fileId → hash */
  const canvases = new Map<string, Map<string, string>>();
  const isMapped = (hash: string) =>
    [...canvases.values()].some((files) => [...files.values()].includes(hash));
  return {
    async put(canvasId, fileId, file) {
      const files = canvases.get(canvasId) ?? new Map<string, string>();
      const mapped = files.get(fileId);
      if (mapped !== undefined) return mapped === file.hash ? 'unchanged' : 'conflict';
      if (!blobs.has(file.hash)) blobs.set(file.hash, { ...file, bytes: Buffer.from(file.bytes) });
      files.set(fileId, file.hash);
      canvases.set(canvasId, files);
      return 'stored';
    },
    async get(canvasId, fileId) {
      const hash = canvases.get(canvasId)?.get(fileId);
      const blob = hash === undefined ? undefined : blobs.get(hash);
      return blob ? { ...blob, bytes: Buffer.from(blob.bytes) } : null;
    },
    async purgeCanvas(canvasId) {
      const hashes = new Set(canvases.get(canvasId)?.values() ?? []);
      canvases.delete(canvasId);
      for (const hash of hashes) if (!isMapped(hash)) blobs.delete(hash);
    },
    async count() {
      return blobs.size;
    },
    async close() {
      blobs.clear();
      canvases.clear();
    },
  };
}
