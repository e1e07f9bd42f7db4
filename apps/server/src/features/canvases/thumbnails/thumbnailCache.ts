/**
 * The latest rendered picture of each canvas, by canvas id and revision, least recently used
 * first out once the pictures together pass a byte budget. A canvas keeps one entry: a newer
 * revision replaces the older one.
 */

interface Entry {
  revision: number;
  /** The SVG, or null for a canvas with nothing drawn. */
  svg: string | null;
}

/** 4 MB: a few hundred typical pictures. */
const DEFAULT_BUDGET = 4 * 1024 * 1024;

export class ThumbnailCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budget = DEFAULT_BUDGET) {}

  /** The picture of `canvasId` at `revision`; undefined when it is not cached. */
  get(canvasId: string, revision: number): string | null | undefined {
    const entry = this.entries.get(canvasId);
    if (!entry || entry.revision !== revision) return undefined;
    // Re-inserting moves the entry to the most recently used end.
    this.entries.delete(canvasId);
    this.entries.set(canvasId, entry);
    return entry.svg;
  }

  set(canvasId: string, revision: number, svg: string | null): void {
    this.forget(canvasId);
    const size = sizeOf(svg);
    if (size > this.budget) return;
    this.entries.set(canvasId, { revision, svg });
    this.bytes += size;
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(id);
      this.bytes -= sizeOf(entry.svg);
    }
  }

  forget(canvasId: string): void {
    const entry = this.entries.get(canvasId);
    if (!entry) return;
    this.entries.delete(canvasId);
    this.bytes -= sizeOf(entry.svg);
  }

  /** Bytes held (UTF-16 string length × 2, an upper bound of the heap they take). */
  get size(): number {
    return this.bytes;
  }
}

function sizeOf(svg: string | null): number {
  return svg === null ? 0 : svg.length * 2;
}
