/**
 * The PostgreSQL event store against a cluster this file starts (test/support/postgres.ts):
 * the shared contract, then what only a server shared by several connections and processes
 * can break: commits out of position order, lost notifications, a dropped listening
 * connection, and writers racing from several processes.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { Subject } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { testEvent } from './contractEvents';
import { describeEventStoreContract } from './eventStore.contract';
import type { ContractEvent } from './contractEvents';
import type { RecordedEvent } from './eventStore';
import { appendTo } from './postgresAppendCall';
import { openPostgresEventStore } from './postgresEventStore';
import { APPEND_LOCK_KEY } from './postgresSchema';
import { positionCursorSubscription } from './postgresSubscription';
import { numbers, postgresCases, until } from '../../../test/support/postgresCases';
import { postgresForFile } from '../../../test/support/postgresSuite';

const here = path.dirname(fileURLToPath(import.meta.url));
const postgres = postgresForFile('postgresEventStore.int.test', 'EventStore contract: postgres');

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
    const { freshDatabase, store, client, collect, stopAfterCase, closeAfterCase } =
      postgresCases(cluster);

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
      stopAfterCase(
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
        closeAfterCase({ close: async () => void child.kill() });
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
      stopAfterCase(reader.subscribeToAll().subscribe((r) => seen.push(r)));
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
