import { pointPatch } from '@tabula/domain';
import type { InkPointPatch, SceneElement } from '@tabula/domain';
import { MAX_INK_ELEMENTS, MAX_INK_PATCHES } from '@tabula/domain/protocol';
import type { InkPayload } from '@tabula/domain/protocol';
import { MAX_PAYLOAD_BYTES, jsonBytes } from './messageBytes';

/** A copy that later in-place changes of the editor's element do not reach. */
function snapshot(element: SceneElement): SceneElement {
  const copy = { ...element };
  if (Array.isArray(element.points)) copy.points = element.points.slice();
  if (Array.isArray(element.pressures)) copy.pressures = element.pressures.slice();
  return copy;
}

interface Sent {
  /** What peers were last sent (a copy). */
  element: SceneElement;
  /** Bytes of the last whole copy sent. */
  wholeBytes: number;
  /** Bytes of the patches sent since that whole copy. */
  patchBytes: number;
}

/**
 * What peers were last sent of each element being drawn, so that each `ink` message carries
 * only what changed: a freedraw stroke as the points added since (the domain's `pointPatch`),
 * anything else as the whole element. A stroke goes whole again (so that a peer that lost a
 * message catches up) only once the patches since its last whole copy weigh as much as that
 * copy: the sizes grow geometrically, so a stroke of n points costs O(n) bytes in all.
 * A message stays under `maxBytes`: what does not fit waits for the next one (ink is a
 * preview; the commit carries everything).
 */
export class InkSender {
  private readonly sent = new Map<string, Sent>();

  constructor(private readonly maxBytes = MAX_PAYLOAD_BYTES) {}

  /** The `ink` payload for these elements as they are now, or null when none changed since. */
  next(canvasId: string, elements: Iterable<SceneElement>): InkPayload | null {
    const whole: SceneElement[] = [];
    const patches: InkPointPatch[] = [];
    let bytes = 0;
    for (const element of elements) {
      if (whole.length >= MAX_INK_ELEMENTS && patches.length >= MAX_INK_PATCHES) break;
      const previous = this.sent.get(element.id);
      if (previous && previous.element.version === element.version) continue;
      const patch =
        previous && element.type === 'freedraw' && previous.patchBytes < previous.wholeBytes
          ? pointPatch(previous.element, element)
          : null;
      const size = jsonBytes(patch ?? element) + 1;
      const full = patch ? patches.length >= MAX_INK_PATCHES : whole.length >= MAX_INK_ELEMENTS;
      // Too much for this message: it waits (an element too large for any message never goes).
      if (full || bytes + size > this.maxBytes) continue;
      bytes += size;
      if (patch) {
        patches.push(patch);
        previous!.element = snapshot(element);
        previous!.patchBytes += size;
      } else {
        whole.push(element);
        this.sent.set(element.id, { element: snapshot(element), wholeBytes: size, patchBytes: 0 });
      }
    }
    if (whole.length === 0 && patches.length === 0) return null;
    const payload: InkPayload = { canvasId };
    if (whole.length > 0) payload.elements = whole;
    if (patches.length > 0) payload.patches = patches;
    return payload;
  }

  /** True when `element` changed since it was last sent. */
  changed(element: SceneElement): boolean {
    return this.sent.get(element.id)?.element.version !== element.version;
  }

  /** Forgets elements whose gesture ended (their next gesture starts with a whole element). */
  forget(ids: Iterable<string>): void {
    for (const id of ids) this.sent.delete(id);
  }

  /** Forgets everything (after a disconnect peers may have missed any message). */
  clear(): void {
    this.sent.clear();
  }
}
