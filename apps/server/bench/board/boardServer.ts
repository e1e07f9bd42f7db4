/**
 * The board benchmark's server: the real Tabula server (`apps/server/src/main.ts`, serving the
 * built web app) started as the browser tests start it, with quotas and rate limits out of the
 * way, and what the benchmark does on it as a client would: sign-ups over REST, canvases
 * created over REST and drawn through `canvas-update` over Socket.IO (the server's own append
 * path), invitations sent and accepted over Socket.IO, the stored scene read back over REST.
 */
import { startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';
import { API_PATHS, apiPath } from '@tabula/domain/protocol';
import type { AckResult, CanvasSummary } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

const UNLIMITED = String(Number.MAX_SAFE_INTEGER);

/** Everything a benchmark would trip: the drawing budget, canvas sizes, socket throttles. */
const BENCH_ENV: Record<string, string> = {
  QUOTA_BYTES_PER_MINUTE: UNLIMITED,
  QUOTA_BURST_BYTES: UNLIMITED,
  QUOTA_ELEMENTS_PER_CANVAS: UNLIMITED,
  QUOTA_BYTES_PER_CANVAS: UNLIMITED,
  QUOTA_CANVASES_PER_USER: '1000',
  SOCKET_MESSAGES_PER_SECOND: '1000000',
  SOCKET_BYTES_PER_SECOND: UNLIMITED,
  SOCKET_BURST_BYTES: UNLIMITED,
};

/** How much of a scene one seeding commit carries (the server takes up to 256 KB a message). */
const COMMIT_BYTES = 192 * 1024;
const MAX_COMMIT_ELEMENTS = 1000;
/** Seeding commits awaiting their ack at once (the server queues at most 16 per socket). */
const IN_FLIGHT = 8;
/** A hang guard for one acknowledged request, sized for a machine busy many times over. */
const ACK_TIMEOUT_MS = 120_000;

export interface BenchUser {
  userId: string;
  username: string;
  token: string;
}

export interface BoardServer {
  url: string;
  /** A new account (signed up over REST) and its session token. */
  signUp(tag: string): Promise<BenchUser>;
  /** A Socket.IO connection as the web app opens it (presence as deltas). */
  connect(user: BenchUser): Promise<Socket>;
  /** A canvas of `owner` holding `elements`, drawn in commits of ≤ 192 KB. */
  createBoard(owner: BenchUser, ownerSocket: Socket, elements: SceneElement[]): Promise<string>;
  /** Makes each guest a collaborator of the canvas (invited by the owner, accepted). */
  share(ownerSocket: Socket, canvasId: string, guests: BenchUser[]): Promise<void>;
  /** The canvas's scene as the server stores it, and its revision. */
  scene(user: BenchUser, canvasId: string): Promise<{ revision: number; elements: unknown[] }>;
  stop(): Promise<void>;
}

/** Sends an acknowledged event and returns the ack's data (throws on a refusal). */
export async function request<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const answer = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as AckResult<T>;
  if (!answer.ok) throw new Error(`${event}: ${answer.error.code} ${answer.error.message}`);
  return answer.data;
}

async function rest<T>(url: string, method: string, route: string, token?: string, body?: object) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** The scene cut into commits under the server's message limit. */
function commits(elements: SceneElement[]): SceneElement[][] {
  const batches: SceneElement[][] = [];
  let batch: SceneElement[] = [];
  let bytes = 0;
  for (const element of elements) {
    const size = JSON.stringify(element).length;
    if (batch.length > 0 && (bytes + size > COMMIT_BYTES || batch.length >= MAX_COMMIT_ELEMENTS)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(element);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export async function startBoardServer(): Promise<BoardServer> {
  const server: TabulaServer = await startTabulaServer({ env: BENCH_ENV, timeoutMs: 180_000 });
  const { url } = server;
  const sockets = new Set<Socket>();
  let signUps = 0;

  const connect = (user: BenchUser) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, {
        auth: { token: user.token, presence: 'deltas', pointers: 'frames' },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.add(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  return {
    url,
    async signUp(tag) {
      signUps += 1;
      const unique = `${tag}${signUps}${Date.now().toString(36).slice(-5)}`;
      const user = await rest<{ id: string; username: string; token: string }>(
        url,
        'POST',
        API_PATHS.createUser,
        undefined,
        { username: unique, email: `${unique}@bench.test`, password: `pw-${unique}-secret` },
      );
      return { userId: user.id, username: user.username, token: user.token };
    },
    connect,
    async createBoard(owner, ownerSocket, elements) {
      const canvas = await rest<CanvasSummary>(url, 'POST', API_PATHS.createCanvas, owner.token, {
        name: `Board of ${elements.length}`,
      });
      const canvasId = canvas._id;
      await request(ownerSocket, 'join-canvas', { canvasId });
      const pending = new Set<Promise<unknown>>();
      for (const [n, batch] of commits(elements).entries()) {
        if (pending.size >= IN_FLIGHT) await Promise.race(pending);
        const sent = request(ownerSocket, 'canvas-update', {
          canvasId,
          eventId: `seed-${canvasId}-${n}`,
          elements: batch,
        }).finally(() => pending.delete(sent));
        pending.add(sent);
      }
      await Promise.all(pending);
      await request(ownerSocket, 'close-canvas', { canvasId });
      return canvasId;
    },
    async share(ownerSocket, canvasId, guests) {
      for (const guest of guests) {
        const guestSocket = await connect(guest);
        await request(ownerSocket, 'invite-user', {
          toUserId: guest.userId,
          canvasId,
          canvasName: 'Board',
          lines: [],
        });
        await request(guestSocket, 'accept-invitation', { canvasId });
        guestSocket.disconnect();
        sockets.delete(guestSocket);
      }
    },
    scene: (user, canvasId) =>
      rest<{ revision: number; elements: unknown[] }>(
        url,
        'GET',
        apiPath(API_PATHS.sceneAt, canvasId),
        user.token,
      ),
    async stop() {
      for (const socket of sockets) socket.disconnect();
      await server.stop();
    },
  };
}
