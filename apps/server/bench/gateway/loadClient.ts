/**
 * The client side of the gateway benchmark: real socket.io clients that draw an in-progress
 * freedraw stroke (one element of 200 points whose version rises with every send, as
 * Excalidraw does while the pen moves) and time when each version reaches every other client.
 * A version counts as delivered when that version or a later one of the element arrives.
 */
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

export interface RoomClients {
  canvasId: string;
  sockets: Socket[];
}

const POINTS = Array.from({ length: 200 }, (_, i) => [i * 2, Math.round(Math.sin(i / 10) * 40)]);

export function freedraw(id: string, version: number) {
  return {
    id,
    type: 'freedraw',
    version,
    versionNonce: version * 7919,
    isDeleted: false,
    index: 'a0',
    x: 100,
    y: 100,
    width: 400,
    height: 80,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: 12345,
    updated: 1,
    link: null,
    locked: false,
    points: POINTS,
    pressures: [],
    simulatePressure: true,
    lastCommittedPoint: null,
  };
}

export async function connectRoom(
  url: string,
  canvasId: string,
  tokens: string[],
): Promise<RoomClients> {
  const sockets = await Promise.all(
    tokens.map(
      (token) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(url, {
            auth: { token },
            transports: ['websocket'],
            forceNew: true,
            reconnection: false,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    ),
  );
  await Promise.all(
    sockets.map(
      (socket) => new Promise((resolve) => socket.emit('join-canvas', { canvasId }, resolve)),
    ),
  );
  return { canvasId, sockets };
}

export interface LoadResult {
  offered: number;
  delivered: number;
  latenciesMs: number[];
}

/**
 * Every sender draws at `hz` for `durationMs`; each receiver records, per element version,
 * the time from its send to its (or a later version's) arrival. Waits `drainMs` at the end.
 */
export async function runLoad(
  rooms: RoomClients[],
  senders: 'one' | 'all',
  hz: number,
  durationMs: number,
  drainMs: number,
): Promise<LoadResult> {
  const sentAt = new Map<string, number[]>(); // element id → send time per version (index = version)
  const result: LoadResult = { offered: 0, delivered: 0, latenciesMs: [] };
  const timers: NodeJS.Timeout[] = [];
  for (const [roomIndex, room] of rooms.entries()) {
    room.sockets.forEach((socket, clientIndex) => {
      const me = `r${roomIndex}c${clientIndex}-`;
      const seen = new Map<string, number>();
      socket.on('updated-canvas', (message: { elements: { id: string; version: number }[] }) => {
        const now = performance.now();
        for (const element of message.elements) {
          if (element.id.startsWith(me)) continue;
          const times = sentAt.get(element.id);
          if (!times) continue;
          const from = (seen.get(element.id) ?? 0) + 1;
          for (let version = from; version <= element.version; version++) {
            const sent = times[version];
            if (sent === undefined) continue;
            result.delivered += 1;
            result.latenciesMs.push(now - sent);
          }
          if (element.version >= from) seen.set(element.id, element.version);
        }
      });
      if (senders === 'one' && clientIndex !== 0) return;
      let stroke = 0;
      let version = 0;
      const send = () => {
        version += 1;
        if (version > hz) {
          stroke += 1;
          version = 1;
        }
        const id = `${me}${stroke}`;
        const times = sentAt.get(id) ?? [];
        times[version] = performance.now();
        sentAt.set(id, times);
        result.offered += room.sockets.length - 1;
        socket.emit('canvas-update', {
          canvasId: room.canvasId,
          eventId: `${id}-${version}`,
          elements: [freedraw(id, version)],
        });
      };
      // Exactly hz × duration sends per sender, each due at a fixed time (phases spread so
      // senders do not fire on the same millisecond): the offered load does not depend on how
      // busy the client process is; a late send goes out as soon as it can.
      const total = Math.round((hz * durationMs) / 1000);
      const phase = Math.random() * (1000 / hz);
      const began = performance.now();
      let done = 0;
      const tick = () => {
        const due = Math.min(
          total,
          Math.floor((performance.now() - began - phase) / (1000 / hz)) + 1,
        );
        while (done < due) {
          send();
          done += 1;
        }
        if (done < total)
          timers.push(
            setTimeout(tick, Math.max(0, began + phase + done * (1000 / hz) - performance.now())),
          );
      };
      timers.push(setTimeout(tick, phase));
    });
  }
  await new Promise((resolve) => setTimeout(resolve, durationMs + drainMs));
  for (const timer of timers) clearTimeout(timer);
  for (const room of rooms)
    for (const socket of room.sockets) socket.removeAllListeners('updated-canvas');
  return result;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
