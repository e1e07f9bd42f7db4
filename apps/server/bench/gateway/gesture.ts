/**
 * The gesture every drawing client of the gateway benchmark makes: a freedraw stroke of 120
 * points over 2 s at 60 Hz (one point and one message per frame), then a pen-up frame that
 * commits the final element with its timing. What goes out on each frame depends on the load:
 * - `patches`: `ink`, the first frame the whole element with its first point, every later
 *   frame the points added since the last message (the domain's `pointPatch`), as the widget's
 *   ink sender does; then one `canvas-update` commit;
 * - `whole`: `ink` with the whole element on every frame (what Excalidraw's collaboration
 *   does), then the same commit;
 * - `commits`: the old load, a `canvas-update` of the whole element on every frame, the last
 *   one with the timing.
 */
import { excalidrawElement } from '@tabula/testing/elements';
import { pointPatch } from '@tabula/domain';
import type { GestureTiming, SceneElement } from '@tabula/domain';
import type { CanvasUpdatePayload, InkPayload } from '@tabula/domain/protocol';

export type LoadKind = 'patches' | 'whole' | 'commits';

export const FRAME_HZ = 60;
export const FRAME_MS = 1000 / FRAME_HZ;
export const GESTURE_POINTS = 120;
/** Frames per gesture: one per point, then the pen-up frame that commits. */
export const GESTURE_FRAMES = GESTURE_POINTS + 1;
/** The version of the committed element (one past the last point's). */
export const COMMIT_VERSION = GESTURE_POINTS + 1;

/** Point `i` of every stroke, relative to the element's x/y, in screen-like fractions. */
function point(i: number): [number, number] {
  return [Number((i * 3.25).toFixed(2)), Number((Math.sin(i / 9) * 40).toFixed(2))];
}

const POINTS = Array.from({ length: GESTURE_POINTS }, (_, i) => point(i));

/** The stroke `id` as it stands after `count` points (version = points so far). */
export function stroke(id: string, count: number, version = count): SceneElement {
  const points = POINTS.slice(0, count);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return excalidrawElement({
    id,
    type: 'freedraw',
    version,
    versionNonce: version * 7919,
    index: 'a0',
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
    seed: 12345,
    points,
    pressures: [],
    simulatePressure: true,
    lastCommittedPoint: null,
  }) as unknown as SceneElement;
}

/** Milliseconds from the gesture's start of each point, as the commit's `timing` carries. */
function timing(id: string): GestureTiming {
  return { [id]: POINTS.map((_, i) => Math.round(i * FRAME_MS)) };
}

/** One message a frame sends: its event, payload and the element version it carries. */
export type FrameMessage =
  | { event: 'ink'; payload: InkPayload; version: number }
  | { event: 'canvas-update'; payload: CanvasUpdatePayload; version: number };

/**
 * The messages one client sends for one stroke, frame by frame. `frame(count)` is the message
 * for the stroke drawn up to `count` points; `wentOut()` says that the last frame was written (a volatile
 * emit the client discards must not count as sent, or every later patch would start past
 * what peers hold); `commit()` is the pen-up commit.
 */
export class GestureSender {
  private sent: SceneElement | null = null;
  private last: SceneElement | null = null;

  constructor(
    private readonly kind: LoadKind,
    private readonly canvasId: string,
    readonly id: string,
  ) {}

  frame(count: number): FrameMessage {
    const element = stroke(this.id, count);
    if (this.kind === 'commits')
      return {
        event: 'canvas-update',
        payload: { canvasId: this.canvasId, eventId: `${this.id}-${count}`, elements: [element] },
        version: count,
      };
    const patch = this.kind === 'patches' ? pointPatch(this.sent, element) : null;
    this.last = element;
    const payload: InkPayload = patch
      ? { canvasId: this.canvasId, patches: [patch] }
      : { canvasId: this.canvasId, elements: [element] };
    return { event: 'ink', payload, version: count };
  }

  wentOut(): void {
    this.sent = this.last;
  }

  commit(): FrameMessage {
    return {
      event: 'canvas-update',
      payload: {
        canvasId: this.canvasId,
        eventId: `${this.id}-commit`,
        elements: [stroke(this.id, GESTURE_POINTS, COMMIT_VERSION)],
        timing: timing(this.id),
      },
      version: COMMIT_VERSION,
    };
  }
}
