import type { JoinCanvasChunked, JoinCanvasSnapshot, SceneChunk } from '@tabula/domain/protocol';

/**
 * Puts a chunked join's scene back together: `scene-chunk` messages may be seen before the
 * ack that announces their stream (they are kept, per stream, until it comes); the scene is
 * whole once the chunk marked `last` is in, every index from 0 present and the element count
 * the one announced.
 */
export class SceneAssembly {
  private readonly early = new Map<string, SceneChunk[]>();
  private expected: JoinCanvasChunked | null = null;
  private chunks: SceneChunk[] = [];

  /** How much of the announced scene has arrived (0 to 1), or null when none is announced. */
  get progress(): number | null {
    const expected = this.expected;
    if (expected === null) return null;
    const received = this.chunks.reduce((sum, chunk) => sum + chunk.elements.length, 0);
    return expected.elements > 0 ? Math.min(1, received / expected.elements) : 1;
  }

  /** A new join attempt: whatever was collected belongs to an older one. */
  reset(): void {
    this.early.clear();
    this.expected = null;
    this.chunks = [];
  }

  /** The ack announced this stream; returns the scene when its chunks are all in already. */
  expect(ack: JoinCanvasChunked): JoinCanvasSnapshot | 'incomplete' | 'broken' {
    this.expected = ack;
    this.chunks = this.early.get(ack.streamId) ?? [];
    this.early.clear();
    return this.check();
  }

  /** A chunk arrived; returns the scene once whole ('incomplete' meanwhile, 'ignored' if not ours). */
  add(chunk: SceneChunk): JoinCanvasSnapshot | 'incomplete' | 'broken' | 'ignored' {
    if (this.expected === null) {
      const list = this.early.get(chunk.streamId) ?? [];
      list.push(chunk);
      this.early.set(chunk.streamId, list);
      return 'ignored';
    }
    if (chunk.streamId !== this.expected.streamId) return 'ignored';
    this.chunks.push(chunk);
    return this.check();
  }

  private check(): JoinCanvasSnapshot | 'incomplete' | 'broken' {
    const expected = this.expected!;
    if (!this.chunks.some((chunk) => chunk.last)) return 'incomplete';
    const ordered = [...this.chunks].sort((a, b) => a.index - b.index);
    const elements = ordered.flatMap((chunk) => chunk.elements);
    const whole =
      ordered.every((chunk, index) => chunk.index === index) &&
      elements.length === expected.elements;
    const { canvasId, revision } = expected;
    this.reset();
    return whole ? { kind: 'snapshot', canvasId, revision, elements } : 'broken';
  }
}
