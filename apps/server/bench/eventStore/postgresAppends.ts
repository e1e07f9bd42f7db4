/**
 * The PostgreSQL half of the event store benchmark: the store's append throughput against a
 * raw `pg` baseline writing the same rows into a table of the same columns and indexes, on a
 * durable cluster of its own (fsync on, synchronous_commit on; test/support/postgres.ts). The raw
 * baseline commits one multi-row INSERT of <writers> rows at a time, like the SQLite
 * baseline: the best a group commit can form, with no lock, no expected-revision check and no
 * answer to a resend (its unique (event_id, stream) index, the store's, would only refuse one).
 * Store and raw alternate in short pairs so that load from other processes hits
 * both; `ratio` is the median of the pairs' ratios, `ratioOfSums` the events of all store
 * slices over those of all raw slices.
 */
import { readFileSync } from 'node:fs';

import pg from 'pg';

import { openPostgresEventStore } from '../../src/infrastructure/eventStore/postgresEventStore';
import type { StorableEvent } from '../../src/infrastructure/eventStore/eventStore';
import { findPostgresBinaries, startTestPostgres } from '../../test/support/postgres';

export interface PostgresAppendsOptions<E extends StorableEvent> {
  writers: number;
  bytes: number;
  sliceMs: number;
  slices: number;
  event: (writer: number, bytes: number) => E;
}

/** The store's table and indexes (`postgresSchema.ts`), as the SQLite baseline uses its own. */
const RAW_TABLE = `CREATE TABLE raw_events (
  position bigserial PRIMARY KEY, stream text NOT NULL, revision bigint NOT NULL,
  event_id text NOT NULL, event json NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream, revision));
CREATE UNIQUE INDEX raw_events_event_id_stream ON raw_events (event_id, stream)`;

async function forDuration(ms: number, step: () => Promise<number>): Promise<number> {
  const deadline = performance.now() + ms;
  let events = 0;
  while (performance.now() < deadline) events += await step();
  return events;
}

/** Store and raw alternate in pairs this many times per slice of each (see the loop). */
const PAIRS_PER_SLICE = 4;

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function percentile(sorted: number[], p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return Number(value.toFixed(2));
}

/** CPU time (ms) of the server processes `pids` so far, from /proc (undefined elsewhere). */
function serverCpuMs(pids: number[]): number | undefined {
  try {
    return pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    }, 0);
  } catch {
    return undefined;
  }
}

/** Node's and the server's CPU spent by `work`, added to `into`. */
async function metered<T>(
  into: { node: number; server: number | undefined },
  serverPids: () => Promise<number[]>,
  work: () => Promise<T>,
): Promise<T> {
  const pids = await serverPids();
  const [node, server] = [process.cpuUsage(), serverCpuMs(pids)];
  const result = await work();
  const used = process.cpuUsage(node);
  into.node += (used.user + used.system) / 1000;
  const after = serverCpuMs(pids);
  into.server =
    into.server === undefined || server === undefined || after === undefined
      ? undefined
      : into.server + after - server;
  return result;
}

/** Sizes of the groups the store committed after `position` (one recorded_at per COMMIT). */
async function groupSizes(db: pg.Client, position: number): Promise<object> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tabula_events WHERE position > $1
      GROUP BY recorded_at ORDER BY n`,
    [position],
  );
  const sizes = rows.map((r) => r.n);
  return {
    groups: sizes.length,
    mean: Number((sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1)),
    p10: percentile(sizes, 10),
    p50: percentile(sizes, 50),
    max: sizes[sizes.length - 1],
  };
}

export async function postgresAppends<E extends StorableEvent>(
  options: PostgresAppendsOptions<E>,
): Promise<object> {
  const found = findPostgresBinaries();
  if (found.kind === 'missing') return { skipped: found.reason };
  const { writers, bytes, sliceMs, slices, event } = options;
  const cluster = await startTestPostgres(found.binDir, { durable: true });
  try {
    const url = await cluster.createDatabase('bench');
    const store = await openPostgresEventStore<E>({ connectionString: url });
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    await raw.query(RAW_TABLE);

    const revisions = new Map<number, number>();
    const latencies: number[] = [];
    const storeSlice = async (ms: number): Promise<number> => {
      const counts = await Promise.all(
        Array.from({ length: writers }, (_, w) =>
          forDuration(ms, async () => {
            const started = performance.now();
            const { nextRevision } = await store.append(`canvas-${w}`, [event(w, bytes)], {
              expectedRevision: revisions.get(w) ?? 'no_stream',
            });
            latencies.push(performance.now() - started);
            revisions.set(w, nextRevision);
            return 1;
          }),
        ),
      );
      return counts.reduce((a, b) => a + b, 0);
    };
    let rawRevision = 0;
    const values = Array.from(
      { length: writers },
      (_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`,
    ).join(', ');
    const rawSlice = (ms: number): Promise<number> =>
      forDuration(ms, async () => {
        const rows = Array.from({ length: writers }, (_, w) => event(w, bytes));
        await raw.query(
          `INSERT INTO raw_events (stream, revision, event_id, event) VALUES ${values}`,
          rows.flatMap((e, w) => [
            `canvas-${w}`,
            rawRevision,
            e.metadata.eventId,
            JSON.stringify(e),
          ]),
        );
        rawRevision += 1;
        return writers;
      });

    await storeSlice(200);
    await rawSlice(200);
    latencies.length = 0;
    const { rows } = await raw.query<{ head: string }>(
      'SELECT position AS head FROM tabula_log_head',
    );
    const backends = (application: string) => async () =>
      (
        await raw.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
          [application],
        )
      ).rows.map((r) => r.pid);
    const rawPid = (await raw.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
    const [storeCpu, rawCpu] = [
      { node: 0, server: 0 as number | undefined },
      { node: 0, server: 0 as number | undefined },
    ];
    // Each slice is cut into PAIRS_PER_SLICE shorter store/raw pairs, the first side taking
    // turns: a burst from another process then spoils one short pair, which the median of the
    // pairs' ratios ignores (the ratio of the sums is reported beside it).
    const pairMs = sliceMs / PAIRS_PER_SLICE;
    const pairRatios: number[] = [];
    let [storeEvents, rawEvents] = [0, 0];
    for (let pair = 0; pair < slices * PAIRS_PER_SLICE; pair += 1) {
      const storeSide = () => metered(storeCpu, backends('tabula'), () => storeSlice(pairMs));
      const rawSide = () =>
        metered(
          rawCpu,
          async () => [rawPid.pid],
          () => rawSlice(pairMs),
        );
      let storeCount: number;
      let rawCount: number;
      if (pair % 2 === 0) {
        storeCount = await storeSide();
        rawCount = await rawSide();
      } else {
        rawCount = await rawSide();
        storeCount = await storeSide();
      }
      pairRatios.push(storeCount / rawCount);
      storeEvents += storeCount;
      rawEvents += rawCount;
    }
    await store.close();
    const groups = await groupSizes(raw, Number(rows[0]!.head));
    await raw.end();
    const perEvent = (cpu: { node: number; server: number | undefined }, events: number) => ({
      node: Math.round((cpu.node * 1000) / events),
      server: cpu.server === undefined ? undefined : Math.round((cpu.server * 1000) / events),
    });

    const seconds = (slices * sliceMs) / 1000;
    latencies.sort((a, b) => a - b);
    pairRatios.sort((a, b) => a - b);
    return {
      writers,
      eventBytes: bytes,
      settings: { fsync: 'on', synchronous_commit: 'on' },
      store: {
        eventsPerSecond: Math.round(storeEvents / seconds),
        cpuMicrosPerEvent: perEvent(storeCpu, storeEvents),
        groupSizes: groups,
      },
      rawBaseline: {
        rowsPerTransaction: writers,
        eventsPerSecond: Math.round(rawEvents / seconds),
        cpuMicrosPerEvent: perEvent(rawCpu, rawEvents),
      },
      ratio: Number(median(pairRatios).toFixed(3)),
      ratioOfSums: Number((storeEvents / rawEvents).toFixed(3)),
      pairRatios: {
        pairs: pairRatios.length,
        p10: percentile(pairRatios, 10),
        p90: percentile(pairRatios, 90),
      },
      appendLatencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    };
  } finally {
    await cluster.stop();
  }
}
