/**
 * The PostgreSQL event store against a cluster this file starts (test/support/postgres.ts):
 * the shared contract, then what only a server shared by several connections and processes
 * can break: commits out of position order, lost notifications, a dropped listening
 * connection, and writers racing from several processes.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { Subject } from 'rxjs';
import type { Subscription } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { describeEventStoreContract, testEvent } from './eventStore.contract';
import type { ContractEvent } from './eventStore.contract';
import { PartialDuplicateBatchError, WrongExpectedVersionError } from './eventStore';
import type { RecordedEvent } from './eventStore';
import { appendGroup, appendTo } from './postgresAppendCall';
import { openPostgresEventStore } from './postgresEventStore';
import type { PostgresEventStore } from './postgresEventStore';
import { APPEND_LOCK_KEY, SCHEMA_SQL } from './postgresSchema';
import { positionCursorSubscription } from './postgresSubscription';
import { postgresForFile } from '../../../test/support/postgresSuite';

const here = path.dirname(fileURLToPath(import.meta.url));
const postgres = postgresForFile('postgresEventStore.int.test', 'EventStore contract: postgres');
const until = (condition: () => boolean | Promise<boolean>): Promise<boolean> =>
  vi.waitUntil(condition, { timeout: 15_000, interval: 20 });

if (postgres) {
  const cluster = postgres; // the running cluster, in every test below
  let contractUrl = '';
  beforeAll(async () => {
    contractUrl = await cluster().createDatabase('contract');
  });

  describeEventStoreContract(
    'postgres',
    () => openPostgresEventStore<ContractEvent>({ connectionString: contractUrl }),
    { rejectsPartialDuplicates: true, erasesFromAllAtOnce: true, erasedStreamCountsAsNew: true },
  );

  describe('postgres event store across connections and processes', () => {
    const opened: { close(): Promise<unknown> }[] = [];
    const subscriptions: Subscription[] = [];
    afterEach(async () => {
      subscriptions.splice(0).forEach((s) => s.unsubscribe());
      await Promise.all(opened.splice(0).map((o) => o.close()));
    });

    /** A fresh database per case: positions in it are this case's alone. */
    async function freshDatabase(): Promise<string> {
      return cluster().createDatabase(`case_${randomUUID().replaceAll('-', '')}`);
    }
    async function store(url: string, pollIntervalMs = 3_600_000) {
      const opening = await openPostgresEventStore<ContractEvent>({
        connectionString: url,
        pollIntervalMs,
      });
      opened.push(opening);
      return opening;
    }
    async function client(url: string): Promise<pg.Client> {
      const connected = new pg.Client({ connectionString: url });
      connected.on('error', () => undefined);
      await connected.connect();
      opened.push({ close: () => connected.end() });
      return connected;
    }
    function collect(
      from: PostgresEventStore<ContractEvent>,
      fromPosition = 0,
    ): RecordedEvent<ContractEvent>[] {
      const seen: RecordedEvent<ContractEvent>[] = [];
      subscriptions.push(from.subscribeToAll({ fromPosition }).subscribe((r) => seen.push(r)));
      return seen;
    }
    const numbers = (events: RecordedEvent<ContractEvent>[]): number[] =>
      events.map((r) => r.event.data.n);

    it('the trap, shown on a plain sequence: a reader past a later commit never sees the earlier one', async () => {
      const url = await freshDatabase();
      const [a, b, reader] = [await client(url), await client(url), await client(url)];
      await reader.query('CREATE TABLE naive (position bigserial PRIMARY KEY, n int)');
      const read = async (after: number): Promise<number[]> =>
        (
          await reader.query<{ position: string }>(
            'SELECT position FROM naive WHERE position > $1 ORDER BY position',
            [after],
          )
        ).rows.map((r) => Number(r.position));
      await a.query('BEGIN');
      await a.query('INSERT INTO naive (n) VALUES (1)'); // takes position 1
      await b.query('INSERT INTO naive (n) VALUES (2)'); // takes 2 and commits
      const first = await read(0);
      expect(first).toEqual([2]);
      await a.query('COMMIT');
      expect(await read(first[0]!)).toEqual([]); // position 1 is skipped for good
    });

    it('commits in position order: an append waiting behind an open one is neither seen nor skipped', async () => {
      const url = await freshDatabase();
      const s = await store(url, 20);
      const admin = await client(url);
      const live = collect(s);
      // A subscriber whose polls the test drives and counts.
      let reads = 0;
      const wakes = new Subject<void>();
      const polled: RecordedEvent<ContractEvent>[] = [];
      subscriptions.push(
        positionCursorSubscription<ContractEvent>(async (after, maxCount) => {
          const page = await s.readAll({ fromPosition: after, maxCount });
          reads += 1;
          return page;
        }, wakes).subscribe((r) => polled.push(r)),
      );

      // Transaction A takes its position and stays open.
      const a = await client(url);
      await a.query('BEGIN');
      const appendedA = await appendTo(a, 'tx-a', [testEvent(1)], 'no_stream');
      // B asks for a position while A is open: it waits on A's lock instead of overtaking it.
      const appendedB = s.append('tx-b', [testEvent(2)], { expectedRevision: 'no_stream' });
      await until(
        async () =>
          (
            await admin.query(
              `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                AND objid::bigint = $1::bigint % 4294967296`,
              [APPEND_LOCK_KEY],
            )
          ).rowCount === 1,
      );
      const before = reads;
      wakes.next();
      await until(() => reads > before);
      expect(polled).toEqual([]);
      expect(await s.readAll()).toEqual([]);

      await a.query('COMMIT');
      const resultB = await appendedB;
      expect(resultB.position).toBeGreaterThan(appendedA.position);
      wakes.next();
      await until(() => polled.length === 2 && live.length === 2);
      expect(numbers(polled)).toEqual([1, 2]);
      expect(numbers(live)).toEqual([1, 2]);
      expect(polled.map((r) => r.position)).toEqual([appendedA.position, resultB.position]);
    });

    it('appends issued in the same tick commit as one group, rejecting only the failing one', async () => {
      const url = await freshDatabase();
      const s = await store(url);
      await s.append('s', [testEvent(0)], { expectedRevision: 'no_stream' });
      const [ok1, bad, ok2] = await Promise.allSettled([
        s.append('s', [testEvent(1)], { expectedRevision: 0 }),
        s.append('s', [testEvent(2)], { expectedRevision: 0 }),
        s.append('t', [testEvent(3)], { expectedRevision: 'no_stream' }),
      ]);
      expect(ok1).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1, position: 2 } });
      expect(bad).toMatchObject({ status: 'rejected', reason: { actual: 1 } });
      expect(ok2).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0, position: 3 } });
      const all = await s.readAll();
      expect(numbers(all)).toEqual([0, 1, 3]);
      // One transaction: one recordedAt (now()) for the group.
      expect(all[1]!.recordedAt).toBe(all[2]!.recordedAt);
    });

    it('a group with several appends to one stream checks each against the ones before it', async () => {
      const url = await freshDatabase();
      const s = await store(url);
      const [e0, e1, e2, e3] = [testEvent(0), testEvent(1), testEvent(2), testEvent(3)];
      const original = await s.append('d', [e0], { expectedRevision: 'no_stream' });
      const [resent, partial, next, afterNext, repeated] = await Promise.allSettled([
        s.append('d', [e0], { expectedRevision: 'any' }),
        s.append('d', [e0, e1], { expectedRevision: 'any' }),
        s.append('d', [e2], { expectedRevision: 0 }),
        s.append('d', [e3], { expectedRevision: 1 }),
        s.append('r', [e1, e1], { expectedRevision: 'any' }),
      ]);
      expect(resent).toEqual({ status: 'fulfilled', value: original });
      expect(partial).toMatchObject({
        status: 'rejected',
        reason: { eventIds: [e0.metadata.eventId] },
      });
      expect(partial.status === 'rejected' && partial.reason).toBeInstanceOf(
        PartialDuplicateBatchError,
      );
      expect(next).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1 } });
      expect(afterNext).toMatchObject({ status: 'fulfilled', value: { nextRevision: 2 } });
      expect(repeated.status === 'rejected' && repeated.reason).toBeInstanceOf(
        PartialDuplicateBatchError,
      );
      expect(numbers(await s.readAll())).toEqual([0, 2, 3]);
    });

    // tabula_append_group_v2 has two paths (postgresAppendGroup.ts): the usual group (no stream
    // twice, no eventId repeated or already stored) written whole in one statement, and the
    // general one. The first group below is usual but holds `wrong` verdicts, so the usual
    // statement writes nothing and the general path decides it; the second holds stored
    // eventIds. The group sizes of the other tests take the usual path.
    it('a usual group: ok and wrong verdicts, an erased stream continued, one NOTIFY', async () => {
      const url = await freshDatabase();
      const s = await store(url);
      await s.append('gone', [testEvent(0), testEvent(1)], { expectedRevision: 'no_stream' });
      await s.append('kept', [testEvent(2)], { expectedRevision: 'no_stream' });
      await s.erase('gone');
      const seen = collect(await store(url), 3);
      const results = await appendGroup(await client(url), [
        { stream: 'gone', events: [testEvent(3)], expectedRevision: 'no_stream' },
        { stream: 'kept', events: [testEvent(4)], expectedRevision: 5 },
        { stream: 'new', events: [testEvent(5), testEvent(6)], expectedRevision: 'any' },
        { stream: 'kept2', events: [testEvent(7)], expectedRevision: 'stream_exists' },
      ]);
      expect(results).toMatchObject([
        { status: 'fulfilled', value: { nextRevision: 2, position: 4 } },
        { status: 'rejected', reason: { actual: 0 } },
        { status: 'fulfilled', value: { nextRevision: 1, position: 6 } },
        { status: 'rejected', reason: { actual: 'no_stream' } },
      ]);
      expect(results[1]!.status === 'rejected' && results[1]!.reason).toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await until(() => seen.length === 3);
      expect(numbers(seen)).toEqual([3, 5, 6]);
      expect((await s.readStream('gone')).map((r) => r.revision)).toEqual([2]);

      // A usual group whose appends all hold: written whole, answered in one row.
      await s.erase('new');
      const whole = await appendGroup(await client(url), [
        { stream: 'new', events: [testEvent(8)], expectedRevision: 'no_stream' },
        { stream: 'kept', events: [testEvent(9), testEvent(10)], expectedRevision: 0 },
      ]);
      expect(whole).toEqual([
        { status: 'fulfilled', value: { nextRevision: 2, position: 7 } },
        { status: 'fulfilled', value: { nextRevision: 2, position: 9 } },
      ]);
      await until(() => seen.length === 6);
      expect(numbers(seen)).toEqual([3, 5, 6, 8, 9, 10]);
    });

    it('a group holding stored eventIds: duplicate, partial and ok verdicts, an erased stream continued', async () => {
      const url = await freshDatabase();
      const s = await store(url);
      const [a0, a1, x0] = [testEvent(0), testEvent(1), testEvent(2)];
      await s.append('a', [a0, a1], { expectedRevision: 'no_stream' });
      const originalX = await s.append('x', [x0], { expectedRevision: 'no_stream' });
      await s.append('gone', [testEvent(3)], { expectedRevision: 'no_stream' });
      await s.erase('gone');
      const seen = collect(await store(url), 4);
      const results = await appendGroup(await client(url), [
        { stream: 'b', events: [testEvent(4)], expectedRevision: 'no_stream' },
        { stream: 'a', events: [a1, testEvent(5)], expectedRevision: 'any' },
        { stream: 'x', events: [x0], expectedRevision: 'any' },
        { stream: 'gone', events: [testEvent(6)], expectedRevision: 'no_stream' },
        // An eventId stored in another stream is no resend here.
        { stream: 'c', events: [a0], expectedRevision: 'no_stream' },
        { stream: 'd', events: [testEvent(7)], expectedRevision: 0 },
      ]);
      expect(results).toMatchObject([
        { status: 'fulfilled', value: { nextRevision: 0, position: 5 } },
        { status: 'rejected', reason: { eventIds: [a1.metadata.eventId] } },
        { status: 'fulfilled', value: originalX },
        { status: 'fulfilled', value: { nextRevision: 1, position: 6 } },
        { status: 'fulfilled', value: { nextRevision: 0, position: 7 } },
        { status: 'rejected', reason: { actual: 'no_stream' } },
      ]);
      expect(results[1]!.status === 'rejected' && results[1]!.reason).toBeInstanceOf(
        PartialDuplicateBatchError,
      );
      await until(() => seen.length === 3);
      expect(numbers(seen)).toEqual([4, 6, 0]);
      expect((await s.readStream('gone')).map((r) => r.revision)).toEqual([1]);
    });

    it('opens on a database of the previous version and leaves its tabula_append_group in place', async () => {
      // The previous version's function returns one row per append; CREATE OR REPLACE cannot
      // change a result type, hence tabula_append_group_v2 beside it (a stand-in body here).
      const url = await freshDatabase();
      const admin = await client(url);
      await admin.query(SCHEMA_SQL);
      await admin.query(`CREATE FUNCTION tabula_append_group(p_streams text[], p_expected text[],
          p_counts int[], p_repeats boolean[], p_ids text[], p_events text)
        RETURNS TABLE (outcome text, last_revision bigint, last_position bigint, actual bigint,
          duplicates text[])
        LANGUAGE sql AS $$ SELECT 'ok', 0::bigint, 1::bigint, NULL::bigint, NULL::text[] $$`);
      const s = await store(url);
      await expect(
        Promise.all([
          s.append('a', [testEvent(0)], { expectedRevision: 'no_stream' }),
          s.append('b', [testEvent(1), testEvent(2)], { expectedRevision: 'any' }),
        ]),
      ).resolves.toEqual([
        { nextRevision: 0, position: 1 },
        { nextRevision: 1, position: 3 },
      ]);
      const { rows } = await admin.query<{ result: string }>(
        `SELECT pg_get_function_result(
           'tabula_append_group(text[], text[], int[], boolean[], text[], text)'::regprocedure)
           AS result`,
      );
      expect(rows[0]!.result).toContain('duplicates text[]');
    });

    it('a group keeps bodies, stream names and eventIds apart whatever characters they hold', async () => {
      const url = await freshDatabase();
      const s = await store(url);
      const awkward = 'q"uo\\te, {br}aces \u001e\u0000x\ny \u00e9\u{1f600} NULL';
      const events = [testEvent(0, awkward), testEvent(1, `${awkward}\u001e`), testEvent(2)];
      events[1]!.metadata.eventId = `id "${awkward.replace('\u0000', '')}"`;
      const streams = ['NULL', 'a,"b"\\c {d}', ''.padEnd(3, ' ')];
      const results = await Promise.all([
        s.append(streams[0]!, [events[0]!, events[1]!], { expectedRevision: 'no_stream' }),
        s.append(streams[1]!, [events[2]!], { expectedRevision: 'any' }),
        s.append(streams[2]!, [testEvent(3)], { expectedRevision: 'no_stream' }),
      ]);
      expect(results.map((r) => r.position)).toEqual([2, 3, 4]);
      const stored = await s.readStream(streams[0]!);
      expect(stored.map((r) => r.event)).toEqual([events[0], events[1]]);
      expect((await s.readStream(streams[1]!)).map((r) => r.event)).toEqual([events[2]]);
      // A resend of the awkward eventId is recognised as the original batch.
      await expect(
        s.append(streams[0]!, [events[0]!, events[1]!], { expectedRevision: 'any' }),
      ).resolves.toEqual(results[0]);
    });

    it('erase waits for the appends issued before it, and close for the ones still queued', async () => {
      const url = await freshDatabase();
      const s = await store(url);
      const appended = [0, 1, 2].map((n) =>
        s.append('gone', [testEvent(n)], { expectedRevision: n === 0 ? 'no_stream' : 'any' }),
      );
      await s.erase('gone');
      await expect(Promise.all(appended)).resolves.toHaveLength(3);
      expect(await s.readStream('gone')).toEqual([]);
      expect(await s.erasureOf('gone')).toMatchObject({ lastRevision: 2 });
      const late = s.append('kept', [testEvent(3)], { expectedRevision: 'no_stream' });
      await s.close();
      await expect(late).resolves.toMatchObject({ nextRevision: 0, position: 4 });
    });

    it('subscriptions wake on NOTIFY from another connection', async () => {
      const url = await freshDatabase();
      const reader = await store(url); // polls once an hour: only a notification wakes it
      const seen = collect(reader);
      await appendTo(await client(url), 'notified', [testEvent(1)], 'no_stream');
      await until(() => seen.length === 1);
      expect(numbers(seen)).toEqual([1]);
    });

    it('a commit whose notification is lost is delivered by the next poll', async () => {
      const url = await freshDatabase();
      const reader = await store(url, 100);
      const seen = collect(reader);
      // A writer that commits without NOTIFY, under the same lock and counter.
      const writer = await client(url);
      await writer.query('BEGIN');
      await writer.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const { rows } = await writer.query<{ position: string }>(
        'UPDATE tabula_log_head SET position = position + 1 RETURNING position',
      );
      const lost = testEvent(7);
      await writer.query(
        `INSERT INTO tabula_events (position, stream, revision, event_id, event)
         VALUES ($1, 'silent', 0, $2, $3)`,
        [rows[0]!.position, lost.metadata.eventId, JSON.stringify(lost)],
      );
      await writer.query('COMMIT');
      await until(() => seen.length === 1);
      expect(seen[0]!.event).toEqual(lost);
    });

    it('after its listening connection drops, a subscription catches up by position', async () => {
      const url = await freshDatabase();
      const database = new URL(url).pathname.slice(1);
      const reader = await store(url); // no polling: only LISTEN and reconnection wake it
      const seen = collect(reader);
      const writer = await client(url);
      const admin = await client(cluster().url('postgres'));
      const listeners = async (): Promise<number> =>
        (
          await admin.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = $1 AND application_name = 'tabula-listener'`,
            [database],
          )
        ).rowCount ?? 0;
      await until(async () => (await listeners()) === 1);
      await appendTo(writer, 'dropped', [testEvent(1)], 'no_stream');
      await until(() => seen.length === 1);

      // Drop the listener and keep it from reconnecting while the next event commits.
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND application_name = 'tabula-listener'`,
        [database],
      );
      await until(async () => (await listeners()) === 0);
      await appendTo(writer, 'dropped', [testEvent(2)], 0); // its NOTIFY reaches nobody
      expect(numbers(seen)).toEqual([1]);

      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      await until(() => seen.length === 2);
      expect(numbers(seen)).toEqual([1, 2]);
      // And it listens again.
      await appendTo(writer, 'dropped', [testEvent(3)], 1);
      await until(() => seen.length === 3);
    });

    it('erase keeps an audit row, hides the events from every connection and survives a reopen', async () => {
      const url = await freshDatabase();
      const [first, other] = [await store(url), await store(url)];
      await first.append('doomed', [testEvent(0), testEvent(1)], { expectedRevision: 'no_stream' });
      await first.append('kept', [testEvent(2)], { expectedRevision: 'no_stream' });
      const pending = first.append('doomed', [testEvent(3)], { expectedRevision: 1 });
      await first.erase('doomed', { actorId: 'user-1', reason: 'canvas deleted' });
      await expect(pending).resolves.toMatchObject({ nextRevision: 2 });

      expect(await other.readStream('doomed')).toEqual([]);
      expect(numbers(await other.readAll())).toEqual([2]);
      const audit = await other.erasureOf('doomed');
      expect(audit).toMatchObject({
        stream: 'doomed',
        lastRevision: 2,
        actorId: 'user-1',
        reason: 'canvas deleted',
      });
      expect(JSON.stringify(audit)).not.toContain('"n"');
      expect(await other.erasureOf('kept')).toBeUndefined();

      const reopened = await store(url);
      const again = await reopened.append('doomed', [testEvent(4)], {
        expectedRevision: 'no_stream',
      });
      expect(again.nextRevision).toBe(3);
    });

    /** Starts `count` racer processes in `mode` and waits until each printed `ready`. */
    async function racers(count: number, args: (i: number) => string[]) {
      const children = Array.from({ length: count }, (_, i) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(here, 'postgresRacer.ts'), ...args(i)],
          { cwd: here, stdio: ['pipe', 'pipe', 'pipe'] },
        );
        opened.push({ close: async () => void child.kill() });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const lines: string[] = [];
        createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
        return { child, lines, stderr: () => stderr };
      });
      await vi.waitUntil(
        () => {
          const dead = children.find((c) => c.child.exitCode !== null);
          if (dead) throw new Error(`a racer exited: ${dead.stderr()}`);
          return children.every((c) => c.lines.includes('ready'));
        },
        { timeout: 30_000, interval: 20 },
      );
      return children;
    }
    const send = (child: ChildProcessWithoutNullStreams, line: string): boolean =>
      child.stdin.write(`${line}\n`);

    it('writers in four processes racing on one stream: exactly one wins each round', async () => {
      const url = await freshDatabase();
      const children = await racers(4, (i) => ['race', url, 'raced', String(i)]);
      const rounds = 12;
      for (let round = 0; round < rounds; round += 1) {
        const expected = round === 0 ? 'no_stream' : String(round - 1);
        children.forEach((c) => send(c.child, `round ${round} ${expected}`));
        const answer = (c: (typeof children)[number]): string | undefined =>
          c.lines.find((l) => l.startsWith(`won ${round}`) || l.startsWith(`lost ${round} `));
        await until(() => children.every((c) => answer(c) !== undefined));
        const answers = children.map((c) => answer(c)!);
        expect(answers.filter((a) => a.startsWith('won'))).toHaveLength(1);
        // Each loser was told the revision the winner wrote.
        expect(answers.filter((a) => a.startsWith('lost'))).toEqual(
          Array.from({ length: 3 }, () => `lost ${round} ${round}`),
        );
      }
      const s = await store(url);
      const events = await s.readStream('raced');
      expect(events.map((r) => r.revision)).toEqual(Array.from({ length: rounds }, (_, i) => i));
    });

    it('four processes appending at once: a subscriber sees every event once, in dense position order', async () => {
      const url = await freshDatabase();
      const perWriter = 100;
      const children = await racers(4, (i) => ['flood', url, `flood-${i}`, String(perWriter)]);
      const reader = await store(url, 50);
      const seen: RecordedEvent[] = [];
      subscriptions.push(reader.subscribeToAll().subscribe((r) => seen.push(r)));
      children.forEach((c) => send(c.child, 'go'));
      await until(() => children.every((c) => c.lines.includes('done')));
      await until(() => seen.length === 4 * perWriter);

      expect(seen.map((r) => r.position)).toEqual(
        Array.from({ length: 4 * perWriter }, (_, i) => i + 1),
      );
      for (let w = 0; w < 4; w += 1) {
        const own = seen.filter((r) => r.streamName === `flood-${w}`);
        expect(own.map((r) => (r.event.data as { i: number }).i)).toEqual(
          Array.from({ length: perWriter }, (_, i) => i),
        );
        expect(own.map((r) => r.revision)).toEqual(Array.from({ length: perWriter }, (_, i) => i));
      }
      expect(await reader.headPosition()).toBe(4 * perWriter);
    });
  });
}
