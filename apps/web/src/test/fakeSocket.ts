import type { AppSocket } from '../realtime/realtimeClient';

type Listener = (...args: unknown[]) => void;

/** One `emit` the client made; `ack` is the callback it passed, if any. */
export interface EmittedCall {
  event: string;
  args: unknown[];
  ack?: (err: Error | null, result?: unknown) => void;
}

/**
 * A stand-in for a socket.io-client socket: records what the client emits and lets a test
 * play the server (`serverEmit`, `answer`). Only the methods the realtime client uses.
 */
export class FakeSocket {
  connected = false;
  /** Reconnecting by itself (socket.io's `active`); false once disconnected on purpose. */
  active = true;
  /** The manager, for listeners of its own events (none fire here). */
  readonly io = { on: () => undefined, off: () => undefined };
  readonly emitted: EmittedCall[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      listener(...args);
    };
    return this.on(event, wrapped);
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  timeout(_ms: number) {
    return {
      emit: (event: string, ...args: unknown[]) => {
        const ack = args.pop() as EmittedCall['ack'];
        this.emitted.push({ event, args, ack });
      },
    };
  }

  disconnect(): this {
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** The server accepts the handshake. */
  connect(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The server sends an event. */
  serverEmit(event: string, payload?: unknown): void {
    this.fire(event, payload);
  }

  /** Answers the last acknowledged emit of `event`. */
  answer(event: string, result: unknown): void {
    const call = [...this.emitted].reverse().find((c) => c.event === event && c.ack);
    if (!call?.ack) throw new Error(`no pending ack for ${event}`);
    call.ack(null, result);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  asSocket(): AppSocket {
    return this as unknown as AppSocket;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}
