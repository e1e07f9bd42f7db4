/**
 * Refusing a `canvas-update` while its user's drawing budget is spent should cost nothing, but
 * Socket.IO decodes every message before a handler sees it: a 240 KB update is milliseconds of
 * JSON.parse and garbage on the server's one thread, only to be refused. So once a connection
 * has been told its budget is spent (a QUOTA_EXCEEDED refusal saying when to send again), its
 * `canvas-update` messages are cut before decoding, until that moment: the engine packet keeps
 * its ack id and its payload becomes a marker no client can guess (an object keyed by a random
 * string per process), and the handler answers the same refusal without any work
 * (`refusalOf`). The budget only refills with time, so a message cut before the moment it named
 * would have been refused anyway; the client keeps the change and sends it again then.
 *
 * A resend of a change already stored is not refused, spent budget or not: the marker keeps
 * the message's `canvasId` and `eventId` when they stand before its elements (as the clients
 * send them), and `commitIds` gives them to the handler, which acks the stored revision.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, QUOTA_BYTES_PER_MINUTE_REACHED } from '@tabula/domain';

/** What this needs of an engine.io socket: its incoming packets. */
interface RawSocket {
  on(event: 'packet', listener: (packet: { type: string; data?: unknown }) => void): unknown;
}

interface Engine {
  on(event: 'connection', listener: (socket: RawSocket) => void): unknown;
}

/** A Socket.IO EVENT of the main namespace with an ack id, for `canvas-update`. */
const CANVAS_UPDATE = /^2(\d+)\["canvas-update",/;
/** A top-level id field of the payload (looked for only before its `"elements"`). */
const CANVAS_ID = /"canvasId":"([^"\\]{1,100})"/;
const EVENT_ID = /"eventId":"([^"\\]{1,200})"/;

/** Which commit a message is: its canvas and the eventId its client gave. */
export interface CommitIds {
  canvasId: string;
  eventId: string;
}

export class SpentBudgetGate {
  /** Per connection: when its user's budget has some bytes again (ms of `now`). */
  private readonly spent = new WeakMap<object, number>();
  /** What a cut message's payload becomes. */
  private readonly marker = `cut-${randomUUID()}`;

  /** `now`: the clock the drawing budget reads (ms), so both agree on when it refills. */
  constructor(private readonly now: () => number) {}

  /** Cuts, on every connection of `engine` (`io.engine`), what `spentUntil` says to cut. */
  watch(engine: Engine): void {
    engine.on('connection', (raw) => {
      raw.on('packet', (packet) => {
        if (packet.type !== 'message' || typeof packet.data !== 'string') return;
        const until = this.spent.get(raw);
        if (until === undefined || this.now() >= until) return;
        const id = CANVAS_UPDATE.exec(packet.data)?.[1];
        if (id !== undefined)
          packet.data = `2${id}["canvas-update",${JSON.stringify(this.cut(packet.data))}]`;
      });
    });
  }

  /** The connection was refused for a spent budget: cut its updates for `retryAfterMs`. */
  spentUntil(raw: object, retryAfterMs: number): void {
    this.spent.set(raw, this.now() + retryAfterMs);
  }

  /** The refusal of an update that was cut, or undefined when `payload` is not one. */
  refusalOf(raw: object, payload: unknown): DomainError | undefined {
    if (!this.isCut(payload)) return undefined;
    const until = this.spent.get(raw) ?? 0;
    const retryAfterMs = Math.max(1, Math.ceil(until - this.now()));
    return new DomainError('QUOTA_EXCEEDED', QUOTA_BYTES_PER_MINUTE_REACHED, retryAfterMs);
  }

  /** The ids of a `canvas-update` payload, decoded or cut, when it names both. */
  commitIds(payload: unknown): CommitIds | undefined {
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { canvasId, eventId } = payload as Record<string, unknown>;
    return typeof canvasId === 'string' && typeof eventId === 'string'
      ? { canvasId, eventId }
      : undefined;
  }

  /** The marker a cut message's payload becomes, with the ids found before its elements. */
  private cut(text: string): Record<string, unknown> {
    const head = text.slice(0, Math.max(0, text.indexOf('"elements"')) || 512);
    const canvasId = CANVAS_ID.exec(head)?.[1];
    const eventId = EVENT_ID.exec(head)?.[1];
    return { [this.marker]: true, ...(canvasId && eventId ? { canvasId, eventId } : {}) };
  }

  private isCut(payload: unknown): boolean {
    return typeof payload === 'object' && payload !== null && this.marker in payload;
  }
}
