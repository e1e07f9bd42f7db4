/**
 * Quotas of what one user may store (issue #14): drawing bytes per minute per user, elements
 * and drawing bytes per canvas, canvases per user. The per-canvas totals are a tally the
 * canvas command handler keeps beside each cached aggregate (`canvasQuotas`), folded from the
 * same events, so a check never reads the log again; the per-minute budget is a token bucket
 * per user shared by the nodes (`minuteBudget.ts`); canvases per user are counted from the
 * canvases read model.
 */
import {
  DomainError,
  QUOTA_BYTES_PER_CANVAS_REACHED,
  QUOTA_ELEMENTS_PER_CANVAS_REACHED,
} from '@tabula/domain';
import type { CanvasCommand, CanvasEvent, SceneElement } from '@tabula/domain';
import type { Admission, StreamTally } from '../../../infrastructure/commandHandlerOptions';
import { transientJsonOf } from '../../../infrastructure/sharedJson';
import type { MinuteBudget } from './minuteBudget';

export interface QuotaConfig {
  /** Drawing bytes (`canvas-update` elements, as JSON) one user may save per minute. */
  bytesPerMinute: number;
  /** Of those, what one user may save at once (then the rest comes at the minute's rate). */
  burstBytes: number;
  /** Distinct elements one canvas may hold (deleted ones included: the scene keeps them). */
  elementsPerCanvas: number;
  /** Drawing bytes (every saved change's elements, as JSON) one canvas's log may hold. */
  bytesPerCanvas: number;
  /** Canvases one user may own. */
  canvasesPerUser: number;
}

/** Far above what a person drawing does; what stops one socket from filling the disk. */
export const DEFAULT_QUOTAS: QuotaConfig = {
  bytesPerMinute: 8 * 1024 * 1024,
  // One update of the largest size (256 KB) at once; the rest of a bigger paste follows at the
  // minute's rate. Accepting four at once cost the other users' p99 about 1.4x for a second
  // (each accepted 240 KB update is milliseconds of the server's one thread).
  burstBytes: 256 * 1024,
  elementsPerCanvas: 100_000,
  bytesPerCanvas: 512 * 1024 * 1024,
  canvasesPerUser: 500,
};

/** The drawing an event stores: its elements (a drawing or a restore), or none. */
function elementsOf(event: CanvasEvent): readonly SceneElement[] {
  return event.type === 'LineDrawn' || event.type === 'CanvasRestored' ? event.data.elements : [];
}

const measured = new WeakMap<readonly SceneElement[], number>();

/**
 * Bytes of the elements as the log stores them: the array's JSON, `[`, each element's JSON
 * comma-separated, `]`, measured one element at a time (the text `shareJson` already made, if
 * any). A drawing read back from the log has no text made for it: each element's is then
 * JSON.stringify's plain fast path, not kept, where `stringify` of the whole array would call
 * its splicing replacer for every point of every stroke (a cold canvas's catch-up measures all
 * of its drawings).
 */
export function drawingBytes(elements: readonly SceneElement[]): number {
  if (elements.length === 0) return 0;
  let bytes = measured.get(elements);
  if (bytes === undefined) {
    bytes = elements.length + 1;
    for (const element of elements) bytes += Buffer.byteLength(transientJsonOf(element));
    measured.set(elements, bytes);
  }
  return bytes;
}

/**
 * What a canvas's log holds so far, for its quotas: its distinct element ids and the bytes of
 * its saved drawing. Plain data: the thread that folds a long canvas's stream
 * (`canvasAggregateFold.ts`) counts into one and hands it over.
 */
export interface CanvasCount {
  ids: Set<string>;
  bytes: number;
}

/** Counts one stored or accepted event of the canvas into `counted`. */
export function countEvent(counted: CanvasCount, event: CanvasEvent): void {
  const elements = elementsOf(event);
  if (elements.length === 0) return;
  for (const element of elements) counted.ids.add(element.id);
  counted.bytes += drawingBytes(elements);
}

/** One canvas's totals (`CanvasCount`) and the checks against the quotas. */
class CanvasTally implements StreamTally<CanvasCommand, CanvasEvent> {
  private readonly counted: CanvasCount;

  constructor(
    private readonly quotas: QuotaConfig,
    private readonly budget: MinuteBudget,
    counted?: CanvasCount,
  ) {
    this.counted = counted ?? { ids: new Set(), bytes: 0 };
  }

  count(event: CanvasEvent): void {
    countEvent(this.counted, event);
  }

  admit(command: CanvasCommand, events: readonly CanvasEvent[]): void {
    let bytes = 0;
    let added = 0;
    const fresh = new Set<string>();
    for (const event of events) {
      const elements = elementsOf(event);
      bytes += drawingBytes(elements);
      for (const { id } of elements)
        if (!this.counted.ids.has(id) && !fresh.has(id)) {
          fresh.add(id);
          added += 1;
        }
    }
    if (bytes === 0) return;
    if (this.counted.ids.size + added > this.quotas.elementsPerCanvas)
      throw new DomainError('QUOTA_EXCEEDED', QUOTA_ELEMENTS_PER_CANVAS_REACHED);
    if (this.counted.bytes + bytes > this.quotas.bytesPerCanvas)
      throw new DomainError('QUOTA_EXCEEDED', QUOTA_BYTES_PER_CANVAS_REACHED);
    // Only live drawing spends the minute's budget: a restore or a fork is one owner's action
    // (bounded by the canvas totals), and a large one must not be refused for ever.
    if (command.type === 'DrawLine' && !this.budget.take(command.metadata.actorId, bytes))
      throw this.budget.spent(command.metadata.actorId);
  }

  release(command: CanvasCommand, events: readonly CanvasEvent[]): void {
    if (command.type !== 'DrawLine') return;
    const bytes = events.reduce((sum, event) => sum + drawingBytes(elementsOf(event)), 0);
    if (bytes > 0) this.budget.give(command.metadata.actorId, bytes);
  }
}

/** The canvas command handler's admission: per-canvas totals and the per-user minute budget. */
export function canvasQuotas(
  quotas: QuotaConfig,
  budget: MinuteBudget,
): Admission<CanvasCommand, CanvasEvent> {
  return {
    tally: (_stream, counted) =>
      new CanvasTally(quotas, budget, counted as CanvasCount | undefined),
  };
}
