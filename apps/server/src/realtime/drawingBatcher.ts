/**
 * Paces `updated-canvas` per room: the first change after a quiet spell goes out on the next
 * turn of the event loop; while changes keep coming, a room gets at most one message per
 * frame (8 ms, half a 60 Hz frame), holding everything committed meanwhile, merged by the scene rule (an
 * element's later version replaces its earlier one). Busy rooms get fewer, fuller messages;
 * quiet rooms get no added delay.
 */
import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';

export interface DrawingUpdate {
  revision: number;
  actorId: string;
  elements: SceneElement[];
}

export interface DrawingBatcherOptions {
  frameMs?: number;
  now?: () => number;
}

export class DrawingBatcher {
  private readonly pending = new Map<string, DrawingUpdate>();
  private readonly scheduled = new Set<string>();
  private readonly lastSent = new Map<string, number>();
  private readonly frameMs: number;
  private readonly now: () => number;

  constructor(
    private readonly send: (canvasId: string, update: DrawingUpdate) => void,
    options: DrawingBatcherOptions = {},
  ) {
    this.frameMs = options.frameMs ?? 8;
    this.now = options.now ?? (() => performance.now());
  }

  queue(canvasId: string, update: DrawingUpdate): void {
    const queued = this.pending.get(canvasId);
    this.pending.set(
      canvasId,
      queued ? { ...update, elements: reconcile(queued.elements, update.elements) } : update,
    );
    if (this.scheduled.has(canvasId)) return;
    this.scheduled.add(canvasId);
    const wait = (this.lastSent.get(canvasId) ?? -Infinity) + this.frameMs - this.now();
    if (wait <= 0) setImmediate(() => this.flush(canvasId));
    else setTimeout(() => this.flush(canvasId), wait);
  }

  private flush(canvasId: string): void {
    this.scheduled.delete(canvasId);
    const update = this.pending.get(canvasId);
    if (!update) return;
    this.pending.delete(canvasId);
    this.lastSent.set(canvasId, this.now());
    if (this.lastSent.size > 10_000) this.forgetQuietRooms();
    this.send(canvasId, update);
  }

  private forgetQuietRooms(): void {
    const cutoff = this.now() - this.frameMs;
    for (const [canvasId, sentAt] of this.lastSent)
      if (sentAt < cutoff) this.lastSent.delete(canvasId);
  }
}
