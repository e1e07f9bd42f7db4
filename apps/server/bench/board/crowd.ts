/**
 * The crowd of the board benchmark: 48 people in the room beside the two tabs, as raw
 * Socket.IO clients in a worker thread (`crowdClients.mjs`): 30 move their cursors at 20 Hz,
 * one draws at 60 Hz (the gateway benchmark's gesture: `ink` point patches as the widget sends
 * them, then the commit), the rest are there. The strokes are prepared here, each a new
 * element at its own place on the first screen.
 */
import { Worker } from 'node:worker_threads';
import { GestureSender, GESTURE_POINTS } from '../gateway/gesture';
import { guard } from './tabs';

export const CROWD_CLIENTS = 48;
export const CROWD_CURSORS = 30;
/** Strokes prepared for the drawer (2 s each): more than the crowd's phase lasts. */
const STROKES = 60;

export interface CrowdStats {
  pointersSent: number;
  inkSent: number;
  inkDropped: number;
  commitsSent: number;
  commitsAcked: number;
  received: { messages: number; bytes: number };
}

export interface Crowd {
  start(): void;
  stop(): Promise<CrowdStats>;
  close(): Promise<void>;
}

/** Moves an element of a prepared message to (x, y) on the board. */
function placed(payload: { elements?: object[] }, x: number, y: number) {
  return payload.elements
    ? { ...payload, elements: payload.elements.map((element) => ({ ...element, x, y })) }
    : payload;
}

/** The drawer's strokes: each the `ink` frames as sent text, and the commit's payload. */
function strokes(canvasId: string) {
  return Array.from({ length: STROKES }, (_, n) => {
    const sender = new GestureSender('patches', canvasId, `crowd-stroke-${Date.now()}-${n}`);
    const x = 180 + (n % 6) * 60;
    const y = 220 + (n % 10) * 40;
    const frames = [];
    for (let count = 1; count <= GESTURE_POINTS; count++) {
      const frame = sender.frame(count);
      sender.wentOut();
      frames.push(`42${JSON.stringify(['ink', placed(frame.payload, x, y)])}`);
    }
    const commit = JSON.stringify(placed(sender.commit().payload, x, y));
    return { frames, commit };
  });
}

/** Connects the crowd (one token each) to the canvas at `sinceRevision`; resolves once in. */
export async function joinCrowd(
  url: string,
  canvasId: string,
  sinceRevision: number,
  tokens: string[],
): Promise<Crowd> {
  const worker = new Worker(new URL('./crowdClients.mjs', import.meta.url), {
    workerData: {
      url,
      canvasId,
      sinceRevision,
      tokens,
      cursors: CROWD_CURSORS,
      strokes: strokes(canvasId),
    },
  });
  const next = <T>(what: string) =>
    guard(
      new Promise<T>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
      120_000,
      what,
    );
  await next('the crowd joining');
  return {
    start: () => worker.postMessage('start'),
    async stop() {
      const answer = next<{ stats: CrowdStats }>('the crowd stopping');
      worker.postMessage('stop');
      return (await answer).stats;
    },
    async close() {
      worker.postMessage('close');
      await worker.terminate();
    },
  };
}
