/**
 * Image files of canvases, content-addressed: the bytes are kept once per SHA-256 (`hash`),
 * and each canvas maps Excalidraw's `fileId`s to hashes. A canvas's deletion drops its
 * mappings, and the bytes of every hash no other canvas maps. Adapters: SQLite (tables of the
 * events file) and in memory; `fileStore.contract.ts` is what both must do.
 */
import type { FileMimeType } from '@tabula/domain/protocol';

/** A file as stored: its bytes, their type and their SHA-256 (base64url). */
export interface StoredFile {
  hash: string;
  mimeType: FileMimeType;
  bytes: Buffer;
}

/** What `put` did: stored a new mapping, found the same one, or found another file there. */
export type PutOutcome = 'stored' | 'unchanged' | 'conflict';

export interface FileStore {
  /**
   * Maps (canvasId, fileId) to the file, storing its bytes unless that hash is kept already.
   * A mapping is never changed: a fileId already mapped to another hash is a `conflict` and
   * stores nothing.
   */
  put(canvasId: string, fileId: string, file: StoredFile): Promise<PutOutcome>;
  /** The file `fileId` names on the canvas, or null. */
  get(canvasId: string, fileId: string): Promise<StoredFile | null>;
  /** Drops every mapping of the canvas, and the bytes no other canvas maps. */
  purgeCanvas(canvasId: string): Promise<void>;
  /** How many distinct files (hashes) are kept: what tests use to see nothing was stored. */
  count(): Promise<number>;
  close(): Promise<void>;
}
