/**
 * A scene's JSON array, gzipped once for every joiner that downloads it
 * (`sceneDownloads.ts`). The elements' texts are joined and encoded to UTF-8 a slice at a
 * time between other work (`TurnSlices`), and zlib compresses them on libuv's thread pool, so
 * the event loop never holds the whole 25 MB of a 20,000-element scene at once. Readers follow
 * the compressed bytes as they come: the first joiner's download starts with the first slice,
 * not once all is compressed, and later joiners read what is kept.
 */
import { createGzip } from 'node:zlib';
import type { Transform } from 'node:stream';
import { TurnSlices } from '../../../infrastructure/turnSlices';

/**
 * Level 1: on a 20,000-element scene gzip compresses 25 MB to 7.7 MB in about 230 ms; level 6
 * takes 3.3 times as long for 12 % fewer bytes, which loopback and LAN joiners would wait
 * longer for. Gzip, not brotli: every HTTP client takes it (Chromium offers brotli only over
 * HTTPS), so one body serves all, and brotli at its fastest saves only 3 % more.
 */
const GZIP_LEVEL = 1;

/** Bytes of element text per slice handed to zlib (about a millisecond to encode). */
const SLICE_BYTES = 128 * 1024;
/**
 * Bytes waiting for zlib at most: enough that encoding the next slices overlaps compressing
 * the last ones (waiting for each to drain made it one after the other, 1.4 times as long).
 */
const QUEUED_BYTES = 2 * 1024 * 1024;

export class CompressedScene {
  private readonly chunks: Buffer[] = [];
  private finished = false;
  private failure: unknown = null;
  private wake: (() => void)[] = [];
  private joined: Buffer | undefined;
  /** Compressed bytes so far (all of them once `complete`). */
  bytes = 0;

  constructor(texts: readonly string[]) {
    const zlib = createGzip({ level: GZIP_LEVEL });
    zlib.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.bytes += chunk.length;
      this.notify();
    });
    zlib.once('end', () => {
      this.finished = true;
      this.notify();
    });
    zlib.once('error', (error) => {
      this.failure = error;
      this.notify();
    });
    feed(zlib, texts).catch((error: unknown) => zlib.destroy(error as Error));
  }

  get complete(): boolean {
    return this.finished;
  }

  /** Compression failed: a later reader should get a fresh one. */
  get failed(): boolean {
    return this.failure !== null;
  }

  /**
   * All the compressed bytes in one buffer once `complete` (joined once, then kept: a socket
   * writes it at once, where the chunks would take a write each); undefined before.
   */
  whole(): Buffer | undefined {
    if (!this.finished) return undefined;
    // The chunks stay too: a reader may be part-way through them.
    this.joined ??= Buffer.concat(this.chunks);
    return this.joined;
  }

  /** The compressed bytes from the first, as they come; throws if compression failed. */
  async *read(): AsyncGenerator<Buffer> {
    let next = 0;
    for (;;) {
      while (next < this.chunks.length) yield this.chunks[next++]!;
      if (this.failure) throw this.failure;
      if (this.finished) return;
      await new Promise<void>((resolve) => this.wake.push(resolve));
    }
  }

  private notify(): void {
    const waiting = this.wake;
    this.wake = [];
    for (const resolve of waiting) resolve();
  }
}

/** The JSON array's length in UTF-16 units, a close measure of its bytes for ASCII JSON. */
export function arrayLength(texts: readonly string[]): number {
  let length = 2 + Math.max(0, texts.length - 1);
  for (const text of texts) length += text.length;
  return length;
}

/**
 * Writes `[`, the texts comma-separated and `]`, a slice per step, `QUEUED_BYTES` ahead. Each
 * slice's texts are encoded straight into a buffer of their own (off the JavaScript heap):
 * joining them into one string first left 128 KB strings for the young collections to copy.
 */
async function feed(zlib: Transform, texts: readonly string[]): Promise<void> {
  const slices = new TurnSlices();
  let at = 0;
  do {
    let end = at;
    let bytes = 2;
    while (end < texts.length && (end === at || bytes < SLICE_BYTES))
      bytes += Buffer.byteLength(texts[end++]!) + 1;
    const slice = Buffer.allocUnsafe(bytes);
    let length = slice.write(at === 0 ? '[' : ',');
    for (let index = at; index < end; index++) {
      if (index > at) length += slice.write(',', length);
      length += slice.write(texts[index]!, length);
    }
    if (end === texts.length) length += slice.write(']', length);
    at = end;
    zlib.write(slice.subarray(0, length));
    if (zlib.writableLength > QUEUED_BYTES)
      await new Promise<void>((resolve) => zlib.once('drain', resolve));
    await slices.due();
  } while (at < texts.length);
  zlib.end();
}
