import type { GestureTiming, SceneElement } from '@tabula/domain';
import { MAX_POINTS_PER_ELEMENT } from '@tabula/domain/protocol';

/** The most times recorded per element (the server's bound on points per element). */
const MAX_TIMES = MAX_POINTS_PER_ELEMENT;

interface Gesture {
  startedAt: number;
  version: number;
  /** A newly drawn element: its points are timed; anything else records steps. */
  drawn: boolean;
  times: number[];
}

function hasPoints(element: SceneElement): boolean {
  return Array.isArray(element.points);
}

/**
 * Measures gestures for a commit's `timing`: for each element being edited, the milliseconds
 * from the gesture's start at which each of its points appeared (freedraw, lines, arrows) or
 * each of its steps happened (a shape drawn, dragged or resized, a text typed).
 */
export class GestureClock {
  private readonly gestures = new Map<string, Gesture>();

  /**
   * An element being edited, as the editor holds it `now`; its first sighting starts its
   * gesture. `drawn`: the element is new (being drawn), so each of its points is timed; an
   * existing element moved, resized or edited gets one time per step.
   */
  observe(element: SceneElement, now: number, drawn = true): void {
    let gesture = this.gestures.get(element.id);
    if (!gesture) {
      gesture = {
        startedAt: now,
        version: Number.NaN,
        drawn: drawn && hasPoints(element),
        times: [],
      };
      this.gestures.set(element.id, gesture);
    }
    if (gesture.version === element.version) return;
    gesture.version = element.version;
    const at = Math.max(0, Math.round(now - gesture.startedAt));
    const times = gesture.times;
    if (gesture.drawn && hasPoints(element)) {
      const count = Math.min((element.points as unknown[]).length, MAX_TIMES);
      if (count < times.length) times.length = count;
      while (times.length < count) times.push(at);
    } else if (times.length < MAX_TIMES) {
      times.push(at);
    }
  }

  /**
   * The timing of the gestures that ended with these elements, as committed at `now` (their
   * last step or points counted too); undefined when none was measured. All are forgotten.
   */
  take(elements: readonly SceneElement[], now: number): GestureTiming | undefined {
    let timing: GestureTiming | undefined;
    for (const element of elements) {
      const id = element.id;
      if (!this.gestures.has(id)) continue;
      this.observe(element, now);
      const gesture = this.gestures.get(id)!;
      this.gestures.delete(id);
      if (gesture.times.length === 0) continue;
      timing ??= {};
      timing[id] = gesture.times;
    }
    return timing;
  }

  /** Forgets gestures that ended without a change to commit. */
  forget(ids: Iterable<string>): void {
    for (const id of ids) this.gestures.delete(id);
  }
}
