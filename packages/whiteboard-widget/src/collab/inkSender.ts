import { pointPatch } from '@tabula/domain';
import type { InkPointPatch, SceneElement } from '@tabula/domain';
import { MAX_INK_ELEMENTS } from '@tabula/domain/protocol';
import type { InkPayload } from '@tabula/domain/protocol';

/**
 * A stroke goes whole again after this many patches: a peer that lost a message (ink is
 * volatile) catches up within half a second at 60 Hz, for a few percent more bytes.
 */
export const PATCHES_BEFORE_WHOLE = 30;

/** A copy that later in-place changes of the editor's element do not reach. */
function snapshot(element: SceneElement): SceneElement {
  const copy = { ...element };
  if (Array.isArray(element.points)) copy.points = element.points.slice();
  if (Array.isArray(element.pressures)) copy.pressures = element.pressures.slice();
  return copy;
}

/**
 * What peers were last sent of each element being drawn, so that each `ink` message carries
 * only what changed: a freedraw stroke as the points added since (the domain's `pointPatch`;
 * its first message is the whole element, and every `PATCHES_BEFORE_WHOLE` patches again),
 * anything else as the whole element.
 */
export class InkSender {
  private readonly sent = new Map<string, SceneElement>();
  private readonly patchesSince = new Map<string, number>();

  /** The `ink` payload for these elements as they are now, or null when none changed since. */
  next(canvasId: string, elements: Iterable<SceneElement>): InkPayload | null {
    const whole: SceneElement[] = [];
    const patches: InkPointPatch[] = [];
    for (const element of elements) {
      if (whole.length + patches.length >= MAX_INK_ELEMENTS) break;
      const previous = this.sent.get(element.id) ?? null;
      if (previous !== null && previous.version === element.version) continue;
      const patched = this.patchesSince.get(element.id) ?? 0;
      const patch =
        element.type === 'freedraw' && patched < PATCHES_BEFORE_WHOLE
          ? pointPatch(previous, element)
          : null;
      if (patch) patches.push(patch);
      else whole.push(element);
      this.patchesSince.set(element.id, patch ? patched + 1 : 0);
      this.sent.set(element.id, snapshot(element));
    }
    if (whole.length === 0 && patches.length === 0) return null;
    const payload: InkPayload = { canvasId };
    if (whole.length > 0) payload.elements = whole;
    if (patches.length > 0) payload.patches = patches;
    return payload;
  }

  /** True when `element` changed since it was last sent. */
  changed(element: SceneElement): boolean {
    return this.sent.get(element.id)?.version !== element.version;
  }

  /** Forgets elements whose gesture ended (their next gesture starts with a whole element). */
  forget(ids: Iterable<string>): void {
    for (const id of ids) {
      this.sent.delete(id);
      this.patchesSince.delete(id);
    }
  }

  /** Forgets everything (after a disconnect peers may have missed any message). */
  clear(): void {
    this.sent.clear();
    this.patchesSince.clear();
  }
}
