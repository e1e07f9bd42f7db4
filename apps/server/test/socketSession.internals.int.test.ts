/**
 * `src/realtime/socketSession.ts` writes below Socket.IO's public API, to Engine.IO's
 * connection: it pushes packets into `conn.writeBuffer`, each holding a ready WebSocket frame
 * in `options.wsPreEncodedFrame`, calls `conn.flush()` inside the TCP socket's `cork()`
 * (`conn.transport.socket._socket`), hands its pending frames over on `packetCreate`, waits on
 * the transport's `drain`, and reads `bufferedAmount` and `extensions` off the WebSocket.
 * None of that is documented, so socket.io and engine.io are pinned to exact versions
 * (package.json); this test is what must pass before either pin moves. It checks the shape
 * of those internals on a real connection of the real app, and that the session's batched
 * path delivers its frames to a real Socket.IO client: plain, compressed, from the ready
 * frame (not the packet's text), and in order with what Socket.IO sends around them; and that
 * a long-polling client, which cannot take a ready frame, gets the packet's text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { textsAsArray } from '../src/infrastructure/sharedJson';
import type { SocketFrame } from '../src/realtime/socketSession';
import {
  socketBacklogBytes,
  socketFrameEncoder,
  socketSession,
} from '../src/realtime/socketSession';
import type { AppSocket } from '../src/realtime/socketTypes';
import { FRAME_COMPRESSION, webSocketFrame } from '../src/realtime/webSocketFrames';
import type { Member } from './scenario';
import { signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { HANG_MS, connectSocket, startTestServer } from './testServer';

/** The parts of Engine.IO's connection the session touches, loosely typed to be checked. */
interface Connection {
  readyState: unknown;
  writeBuffer: unknown;
  flush: unknown;
  on(event: 'packetCreate', listener: (packet: unknown) => void): unknown;
  transport: {
    name: unknown;
    once: unknown;
    removeListener: unknown;
    socket?: { bufferedAmount?: unknown; extensions?: unknown; _socket?: Record<string, unknown> };
  };
}

/** Sends an event outside the typed contract, as Socket.IO sends acks and other events. */
function emitRaw(socket: AppSocket, event: string, payload?: unknown): void {
  (socket as unknown as { emit(event: string, payload?: unknown): void }).emit(event, payload);
}

function connectionOf(socket: AppSocket): Connection {
  return socket.conn as unknown as Connection;
}

/** The frame of one `probe` event: its Socket.IO packet text (EVENT, namespace `/`). */
function probe(payload: unknown): SocketFrame {
  return { text: `2${JSON.stringify(['probe', payload])}` };
}

/** Collects the client's `probe` and `after` events until `count` have arrived. */
function received(client: ClientSocket, count: number): Promise<[string, unknown][]> {
  const events: [string, unknown][] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${events.length} of ${count} events within ${HANG_MS} ms`)),
      HANG_MS,
    );
    client.onAny((event: string, payload: unknown) => {
      if (event !== 'probe' && event !== 'after') return;
      events.push([event, payload]);
      if (events.length < count) return;
      clearTimeout(timer);
      resolve(events);
    });
  });
}

describe('the Engine.IO internals socketSession.ts relies on', () => {
  let server: TestServer;
  let member: Member;

  beforeAll(async () => {
    server = await startTestServer();
    member = await signUp(server, 'internals');
  });
  afterAll(() => server.close());

  async function connected(): Promise<{ client: ClientSocket; serverSide: AppSocket }> {
    const client = await server.socket(member.token);
    const serverSide = server.app.gateway.io.sockets.sockets.get(client.id!) as AppSocket;
    expect(serverSide).toBeDefined();
    return { client, serverSide };
  }

  it('have the shape the session reads and calls, on a connected WebSocket', async () => {
    const { serverSide } = await connected();
    const conn = connectionOf(serverSide);
    expect(conn.readyState).toBe('open');
    expect(Array.isArray(conn.writeBuffer)).toBe(true);
    expect(typeof conn.flush).toBe('function');
    expect(conn.transport.name).toBe('websocket');
    expect(typeof conn.transport.once).toBe('function');
    expect(typeof conn.transport.removeListener).toBe('function');
    const webSocket = conn.transport.socket;
    expect(typeof webSocket?.bufferedAmount).toBe('number');
    // The app's WebSocket server negotiates compression (webSocketFrames.ts).
    expect(webSocket?.extensions).toContain('permessage-deflate');
    expect(typeof webSocket?._socket?.cork).toBe('function');
    expect(typeof webSocket?._socket?.uncork).toBe('function');
    expect(socketBacklogBytes(serverSide)).toBe(0);
  });

  it('announces each packet on packetCreate before it is queued', async () => {
    const { serverSide } = await connected();
    const conn = connectionOf(serverSide);
    const seen: { packet: unknown; queued: boolean }[] = [];
    conn.on('packetCreate', (packet) => {
      seen.push({ packet, queued: (conn.writeBuffer as unknown[]).includes(packet) });
    });
    emitRaw(serverSide, 'probe', { n: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ packet: { type: 'message' }, queued: false });
  });

  it('delivers a turn of frames to a real client, in order with what Socket.IO sends after them', async () => {
    const { client, serverSide } = await connected();
    const session = socketSession(serverSide);
    const large = probe({ n: 2, text: 'x'.repeat(FRAME_COMPRESSION.threshold * 2) });
    // A frame whose ready WebSocket frame says something else than its text: the client
    // hears the ready frame, so Engine.IO wrote `wsPreEncodedFrame` as it is.
    const ready: SocketFrame = {
      ...probe({ n: 3, from: 'text' }),
      packet: {
        type: 'message',
        data: probe({ n: 3, from: 'text' }).text,
        options: {
          compress: true,
          wsPreEncodedFrame: [webSocketFrame(probe({ n: 3, from: 'ready frame' }).text)],
        },
      },
    };
    const arrived = received(client, 4);
    session.write(probe({ n: 1 }));
    session.write(large);
    session.write(ready);
    // Sent through Socket.IO in the same turn: it must follow the session's frames.
    emitRaw(serverSide, 'after', { n: 4 });
    const events = await arrived;
    expect(events).toEqual([
      ['probe', { n: 1 }],
      ['probe', { n: 2, text: 'x'.repeat(FRAME_COMPRESSION.threshold * 2) }],
      ['probe', { n: 3, from: 'ready frame' }],
      ['after', { n: 4 }],
    ]);
    // The large one went as the shared compressed frame, the small one as the plain one.
    expect(large.deflated?.options.wsPreEncodedFrame?.[0]?.[0]).toBe(0xc1);
    expect(large.packet).toBeUndefined();
    const drained = new Promise<void>((resolve) => session.onceDrained(resolve));
    await drained;
    expect(session.backlogBytes()).toBe(0);
  });

  it('gives a long-polling client a frame encoded in pieces as its joined text', async () => {
    const client = await connectSocket(server.url, member.token, [], {}, ['polling']);
    try {
      const serverSide = server.app.gateway.io.sockets.sockets.get(client.id!) as AppSocket;
      expect(connectionOf(serverSide).transport.name).toBe('polling');
      const elements = [
        { id: 'a', points: [[1, 2]] },
        { id: 'b', text: 'naïve "quote"' },
      ];
      const payload = {
        canvasId: 'c',
        revision: 1,
        actorId: 'u',
        elements: textsAsArray(
          elements.map((element) => JSON.stringify(element)),
        ) as SceneElement[],
      };
      const arrived = new Promise<unknown>((resolve) => client.once('updated-canvas', resolve));
      socketSession(serverSide).write(socketFrameEncoder().encode('updated-canvas', payload));
      expect(await arrived).toEqual({ ...payload, elements });
    } finally {
      client.disconnect();
    }
  });
});
