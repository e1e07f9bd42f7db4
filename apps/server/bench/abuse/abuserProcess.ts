/**
 * The abusive client of `abuse.bench.ts`, in a process of its own so that building and
 * sending its big updates does not slow the innocent clients' process. Argv: server URL,
 * token, canvas id, run ms, updates in flight, and `same` or `fresh`. It keeps that many
 * `canvas-update`s of ~240 KB of elements in flight, each sent as soon as the previous one of
 * its lane is answered, and reports its counts over IPC when done. `same`: the same elements
 * every time (built once: the cheapest flood to send); `fresh`: new element ids every time
 * (new content, as a drawing would add).
 */
import { connectRoom } from '../gateway/roomClients';
import { stroke } from '../gateway/gesture';

/** Elements per update: ~1 KB each, ~240 KB a message (the cap is 256 KB). */
const ELEMENTS = 240;

export interface AbuserReport {
  accepted: number;
  acceptedBytes: number;
  refused: number;
  refusals: Record<string, number>;
  /** Ms after the start of the first refusal (the budget was spent), or null. */
  firstRefusalMs: number | null;
}

/** Built once (this process's own CPU must not be what slows the machine): the same elements. */
const PAYLOAD = Array.from({ length: ELEMENTS }, (_, i) => stroke(`abuse-${i}`, 40));
const PAYLOAD_BYTES = Buffer.byteLength(JSON.stringify(PAYLOAD));

const [url, token, canvasId, runMs, inFlight, payload] = process.argv.slice(2);
const room = await connectRoom(url!, canvasId!, [token!]);
const socket = room.sockets[0]!;
process.send!({ ready: true });
await new Promise((resolve) => process.once('message', resolve));

const started = performance.now();
const until = started + Number(runMs);
const report: AbuserReport = {
  accepted: 0,
  acceptedBytes: 0,
  refused: 0,
  refusals: {},
  firstRefusalMs: null,
};
let n = 0;
const lane = async () => {
  while (performance.now() < until) {
    n += 1;
    const elements =
      payload === 'fresh'
        ? PAYLOAD.map((element) => ({ ...element, id: `${element.id}-${n}` }))
        : PAYLOAD;
    const ack = await new Promise<{ ok: boolean; error?: { message: string } }>((resolve) =>
      socket.emit('canvas-update', { canvasId, eventId: `abuse-${n}`, elements }, resolve),
    );
    if (ack.ok) {
      report.accepted += 1;
      report.acceptedBytes += PAYLOAD_BYTES;
    } else {
      report.refused += 1;
      report.firstRefusalMs ??= Math.round(performance.now() - started);
      const reason = ack.error?.message ?? 'unknown';
      report.refusals[reason] = (report.refusals[reason] ?? 0) + 1;
    }
  }
};
await Promise.all(Array.from({ length: Number(inFlight) }, lane));
socket.disconnect();
process.send!({ report }, () => process.exit(0));
