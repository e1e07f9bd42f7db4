/**
 * The load of the gateway benchmark: drawing clients make gestures (see `gesture.ts`) frame
 * by frame on a 60 Hz clock, ink volatile as the widget sends it, and every other client of
 * their room records when each frame and each commit reaches it (see `peerArrivals.ts`).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { COMMIT_VERSION, FRAME_MS, GESTURE_FRAMES, GESTURE_POINTS, GestureSender } from './gesture';
import type { FrameMessage } from './gesture';
import type { RoomClients } from './roomClients';
import { recordArrivals } from './peerArrivals';
import { wireBytes } from './wireBytes';
import type { LoadPlan, LoadResult } from './loadTypes';

interface Ack {
  ok: boolean;
  error?: { code?: string; message?: string };
}

function emptyResult(): LoadResult {
  return {
    frames: {
      sent: 0,
      offered: 0,
      delivered: 0,
      toPeerMs: [],
      discardedByClient: 0,
      notApplicable: 0,
      ackMs: [],
    },
    commits: { sent: 0, offered: 0, delivered: 0, toPeerMs: [], ackMs: [], refused: 0 },
    bytesPerGesture: [],
    serverErrors: 0,
    wallMs: 0,
    client: { cpuPercent: 0, loopDelayP99Ms: 0 },
  };
}

const strokeId = (room: number, client: number, gesture: number) => `r${room}c${client}g${gesture}`;

/** Runs `plan` on `rooms` and resolves once every delivery is in or `drainMs` has passed. */
export async function runLoad(rooms: RoomClients[], plan: LoadPlan): Promise<LoadResult> {
  const result = emptyResult();
  /** Stroke id → send time of each version (NaN: never sent). */
  const sentAt = new Map<string, Float64Array>();
  /** Stroke id → its drawer's index in the room (for `plan.onCommitArrival`). */
  const drawerOf = new Map<string, number>();
  let acksPending = 0;

  function draw(socket: Socket, roomIndex: number, clientIndex: number, peers: number) {
    const bytes = wireBytes(socket);
    const total = plan.gestures * GESTURE_FRAMES;
    const phase = plan.drawers === 'one' ? 0 : Math.random() * GESTURE_FRAMES * FRAME_MS;
    const began = performance.now() + phase;
    let frame = -1;
    let gesture = -1;
    let sender: GestureSender | null = null;
    let gestureBytes = 0;

    const send = (message: FrameMessage) => {
      const times = sentAt.get(sender!.id)!;
      const at = performance.now();
      const isCommit = message.version === COMMIT_VERSION;
      let written: number | undefined;
      if (message.event === 'ink') {
        written = bytes.during(() => socket.volatile.emit('ink', message.payload));
        if (written === undefined) {
          result.frames.discardedByClient += 1;
          return;
        }
        sender!.wentOut();
      } else {
        acksPending += 1;
        const acks = isCommit ? result.commits.ackMs : result.frames.ackMs;
        written = bytes.during(() =>
          socket.emit('canvas-update', message.payload, (answer: Ack) => {
            acksPending -= 1;
            acks.push(performance.now() - at);
            if (answer.ok) return;
            result.commits.refused += 1;
            result.commits.firstRefusal ??= JSON.stringify(answer.error).slice(0, 300);
          }),
        );
      }
      times[message.version] = at;
      gestureBytes += written ?? 0;
      const counts = isCommit ? result.commits : result.frames;
      counts.sent += 1;
      counts.offered += peers;
    };

    const commit = () => {
      send(sender!.commit());
      result.bytesPerGesture.push(gestureBytes);
    };

    // Every frame goes out, one message per frame, however busy this process is, so that both
    // servers get the same offered load; frames that fell due while this process was busy go
    // out one per turn of the event loop (a client writes at most one volatile message per
    // turn: Engine.IO discards a volatile packet while the previous write is in flight).
    return new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total - 1, Math.floor((performance.now() - began) / FRAME_MS));
        if (due > frame) {
          frame += 1;
          const frameGesture = Math.floor(frame / GESTURE_FRAMES);
          const step = frame % GESTURE_FRAMES;
          if (frameGesture > gesture) {
            gesture = frameGesture;
            sender = new GestureSender(
              plan.kind,
              rooms[roomIndex]!.canvasId,
              `${plan.strokePrefix ?? ''}${strokeId(roomIndex, clientIndex, gesture)}`,
            );
            sentAt.set(sender.id, new Float64Array(COMMIT_VERSION + 1).fill(NaN));
            drawerOf.set(sender.id, clientIndex);
            gestureBytes = 0;
          }
          if (step < GESTURE_POINTS) send(sender!.frame(step + 1));
          else commit();
        }
        if (frame === total - 1) resolve();
        else if (due > frame) setImmediate(tick);
        else setTimeout(tick, Math.max(0, began + (frame + 1) * FRAME_MS - performance.now()));
      };
      setTimeout(tick, Math.max(0, began - performance.now()));
    });
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();

  const drawing: Promise<void>[] = [];
  for (const [roomIndex, room] of rooms.entries()) {
    room.sockets.forEach((socket, clientIndex) => {
      const told = plan.onCommitArrival;
      const onCommit =
        told &&
        ((id: string, ms: number) =>
          told({ room: roomIndex, from: drawerOf.get(id)!, to: clientIndex, ms }));
      recordArrivals(socket, `r${roomIndex}c${clientIndex}g`, plan.kind, sentAt, result, onCommit);
      if (plan.drawers === 'all' || clientIndex === 0)
        drawing.push(draw(socket, roomIndex, clientIndex, room.sockets.length - 1));
    });
  }
  await Promise.all(drawing);

  const drainUntil = performance.now() + plan.drainMs;
  const settled = () =>
    acksPending === 0 &&
    result.commits.delivered === result.commits.offered &&
    result.frames.delivered === result.frames.offered;
  while (!settled() && performance.now() < drainUntil)
    await new Promise((resolve) => setTimeout(resolve, 20));

  result.wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  result.client = {
    cpuPercent: ((cpu.user + cpu.system) / 1000 / result.wallMs) * 100,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
  loopDelay.disable();
  for (const room of rooms)
    for (const socket of room.sockets) {
      socket.removeAllListeners('ink');
      socket.removeAllListeners('updated-canvas');
      socket.removeAllListeners('error');
    }
  return result;
}
