import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttleInbound } from './inboundThrottle';

/** An engine with one connection whose WebSocket records pauses and resumes. */
function connection(options = { bytesPerSecond: 1000, burstBytes: 3000 }) {
  const engine = new EventEmitter();
  let time = 0;
  throttleInbound(engine as never, options, () => time);
  const ws = { pause: vi.fn(), resume: vi.fn() };
  const raw = Object.assign(new EventEmitter(), { transport: { socket: ws } });
  engine.emit('connection', raw);
  return {
    ws,
    send: (bytes: number) => raw.emit('packet', { type: 'message', data: 'x'.repeat(bytes) }),
    at: (ms: number) => (time = ms),
  };
}

describe('throttleInbound', () => {
  afterEach(() => vi.useRealTimers());

  it('lets a burst through, then pauses the WebSocket until the budget is back', () => {
    vi.useFakeTimers();
    const socket = connection();
    socket.send(1000);
    socket.send(2000);
    expect(socket.ws.pause).not.toHaveBeenCalled();
    socket.send(500); // 500 bytes over: half a second at 1000 B/s
    expect(socket.ws.pause).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(socket.ws.resume).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.ws.resume).toHaveBeenCalledTimes(1);
  });

  it('refills with time: a sender within the rate is never paused', () => {
    const socket = connection();
    for (let second = 0; second < 20; second += 1) {
      socket.at(second * 1000);
      socket.send(1000);
    }
    expect(socket.ws.pause).not.toHaveBeenCalled();
  });
});
