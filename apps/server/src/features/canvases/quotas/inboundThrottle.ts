/**
 * A budget of inbound bytes per connection, enforced before a message is even decoded: a
 * socket that sends more than `bytesPerSecond` (after a burst of `burstBytes`) has its
 * WebSocket paused until the budget is back, so TCP holds the sender back. Decoding a big
 * message costs the one server thread milliseconds whether the message is then accepted or
 * refused; this keeps one socket from spending the thread on messages at the per-message rate
 * limit. The connection stays up (a pause lasts at most `maxMessage / bytesPerSecond`, far
 * below the ping timeout). Polling transports are not throttled (the transport's buffer limit
 * bounds them).
 */

export interface InboundThrottleOptions {
  bytesPerSecond: number;
  burstBytes: number;
}

/**
 * Absorbs any drawing a person does, not a flood: the board sends one change at a time (at
 * most 256 KB, the next once the last is answered), so even a large paste has one update in
 * flight. A flood gets one message of the largest size at once, then 1 MiB/s: its cost to the
 * server's thread comes in small pieces instead of one long stall.
 */
export const DEFAULT_INBOUND_THROTTLE: InboundThrottleOptions = {
  bytesPerSecond: 1024 * 1024,
  burstBytes: 256 * 1024,
};

/** What this needs of an engine.io socket (its packets, its WebSocket's pause/resume). */
interface RawSocket {
  on(event: 'packet', listener: (packet: { type: string; data?: unknown }) => void): unknown;
  once(event: 'close', listener: () => void): unknown;
  transport?: { socket?: { pause?: () => void; resume?: () => void } };
}

interface Engine {
  on(event: 'connection', listener: (socket: RawSocket) => void): unknown;
}

function sizeOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/** Throttles every connection of `engine` (`io.engine`). */
export function throttleInbound(
  engine: Engine,
  options: InboundThrottleOptions = DEFAULT_INBOUND_THROTTLE,
  now: () => number = () => performance.now(),
): void {
  const { bytesPerSecond, burstBytes } = options;
  engine.on('connection', (raw) => {
    let left = burstBytes;
    let at = now();
    let paused: NodeJS.Timeout | undefined;
    raw.on('packet', (packet) => {
      if (packet.type !== 'message') return;
      const time = now();
      left =
        Math.min(burstBytes, left + ((time - at) * bytesPerSecond) / 1000) - sizeOf(packet.data);
      at = time;
      const ws = raw.transport?.socket;
      if (left >= 0 || paused || !ws?.pause || !ws.resume) return;
      ws.pause();
      paused = setTimeout(
        () => {
          paused = undefined;
          ws.resume!();
        },
        Math.ceil((-left / bytesPerSecond) * 1000),
      );
    });
    raw.once('close', () => clearTimeout(paused));
  });
}
