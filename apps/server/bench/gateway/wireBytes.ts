/**
 * Bytes a Socket.IO client writes on the wire: every Engine.IO packet it creates is one
 * WebSocket text frame (no compression: the server does not offer permessage-deflate), so a
 * frame costs its packet type, its encoded data, and a masked client frame header.
 */
import type { Socket } from 'socket.io-client';

interface EnginePacket {
  type: string;
  data?: string | ArrayBuffer | ArrayBufferView;
}

/** The size of a client-to-server WebSocket frame header (RFC 6455 §5.2, masked). */
function frameHeaderBytes(payload: number): number {
  const length = payload < 126 ? 0 : payload <= 0xffff ? 2 : 8;
  return 2 + length + 4;
}

function packetBytes(packet: EnginePacket): number {
  const { data } = packet;
  const body =
    data === undefined ? 0 : typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  // A text frame carries the packet type as one character before the data.
  const payload = (typeof data === 'string' || data === undefined ? 1 : 0) + body;
  return frameHeaderBytes(payload) + payload;
}

/**
 * A counter of the bytes `socket` writes: `during(send)` runs `send` and returns the bytes
 * of the frames it produced (Engine.IO creates them synchronously inside an emit), and
 * `undefined` when it produced none (a volatile emit the client discarded).
 */
export function wireBytes(socket: Socket): { during(send: () => void): number | undefined } {
  let written = 0;
  let frames = 0;
  socket.io.engine.on('packetCreate', (packet: EnginePacket) => {
    written += packetBytes(packet);
    frames += 1;
  });
  return {
    during(send) {
      const bytesBefore = written;
      const framesBefore = frames;
      send();
      return frames === framesBefore ? undefined : written - bytesBefore;
    },
  };
}
