/**
 * Ink waiting for one receiving session whose transport is busy: only the newest preview of
 * each (actor, element) is kept, never a queue. A whole element replaces what was waiting; a
 * point patch is folded into the waiting element or patch with the domain's patch rule, so the
 * receiver still gets every point when the transport drains. Bounded: at most `maxEntries`
 * previews (the oldest goes first) and `maxPoints` points per folded patch (beyond that the
 * preview is dropped; the commit brings the stroke anyway).
 */
import { applyPointPatch } from '@tabula/domain';
import type { InkPointPatch, SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';

type Preview =
  | { actorId: string; element: SceneElement }
  /** `owned`: the patch was made here (a fold), so later folds may extend it in place. */
  | { actorId: string; patch: InkPointPatch; owned?: boolean };

export interface InkOutboxLimits {
  maxEntries: number;
  maxPoints: number;
}

/**
 * `later` appended to `earlier` when it follows on from it (same element, no gap), else null.
 * A patch this outbox made is extended in place (a long wait costs each point once); one it
 * was given is shared with other receivers and is copied first.
 */
function foldPatches(
  earlier: InkPointPatch,
  later: InkPointPatch,
  owned: boolean,
): InkPointPatch | null {
  const offset = later.fromIndex - earlier.fromIndex;
  if (later.id !== earlier.id || offset < 0 || offset > earlier.points.length) return null;
  const folded: InkPointPatch = owned
    ? earlier
    : { id: later.id, version: earlier.version, fromIndex: earlier.fromIndex, points: [] };
  folded.version = Math.max(earlier.version, later.version);
  folded.points = extend(earlier.points, offset, later.points, owned);
  if (earlier.pressures !== undefined && later.pressures !== undefined)
    folded.pressures = extend(earlier.pressures, offset, later.pressures, owned);
  else delete folded.pressures;
  return folded;
}

/** `head` cut at `offset`, then `tail` (in place when `head` is ours). */
function extend<T>(head: T[], offset: number, tail: readonly T[], inPlace: boolean): T[] {
  const out = inPlace ? head : head.slice(0, offset);
  out.length = offset;
  for (const item of tail) out.push(item);
  return out;
}

export class InkOutbox {
  private readonly waiting = new Map<string, Preview>();

  constructor(private readonly limits: InkOutboxLimits) {}

  get size(): number {
    return this.waiting.size;
  }

  add(message: InkMessage): void {
    const { actorId } = message;
    for (const element of message.elements ?? [])
      this.put(actorId, element.id, { actorId, element });
    for (const patch of message.patches ?? []) {
      const key = `${actorId}\u0000${patch.id}`;
      const current = this.waiting.get(key);
      let next: Preview | null = { actorId, patch };
      if (current && 'element' in current) {
        const element = applyPointPatch(current.element, patch);
        // A patch that does not follow on is useless to the receiver too: keep the element.
        next = element ? { actorId, element } : current;
      } else if (current) {
        const folded = foldPatches(current.patch, patch, current.owned === true);
        if (folded)
          next =
            folded.points.length > this.limits.maxPoints
              ? null
              : { actorId, patch: folded, owned: true };
      }
      if (next) this.put(actorId, patch.id, next);
      else this.waiting.delete(key);
    }
  }

  /** Everything waiting, one message per actor, and forgets it. */
  take(canvasId: string): InkMessage[] {
    const byActor = new Map<string, InkMessage>();
    for (const preview of this.waiting.values()) {
      let message = byActor.get(preview.actorId);
      if (!message) {
        message = { canvasId, actorId: preview.actorId };
        byActor.set(preview.actorId, message);
      }
      if ('element' in preview) (message.elements ??= []).push(preview.element);
      else (message.patches ??= []).push(preview.patch);
    }
    this.waiting.clear();
    return [...byActor.values()];
  }

  private put(actorId: string, elementId: string, preview: Preview): void {
    const key = `${actorId}\u0000${elementId}`;
    // Re-inserted at the end, so the oldest preview is the first to go.
    this.waiting.delete(key);
    this.waiting.set(key, preview);
    if (this.waiting.size > this.limits.maxEntries) {
      const oldest = this.waiting.keys().next().value;
      if (oldest !== undefined) this.waiting.delete(oldest);
    }
  }
}
