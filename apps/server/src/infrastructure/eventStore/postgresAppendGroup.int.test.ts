/**
 * One call of `tabula_append_group_v2` (postgresAppendGroup.ts) for a group of appends, on a
 * cluster this file starts: each append's verdict its own, the usual group written whole in
 * one statement and the general path for the rest (a resend found by the usual statement's
 * INSERT included), a database of the previous version, and bodies, stream names and eventIds
 * of any characters.
 */
import { describe, expect, it } from 'vitest';

import { testEvent } from './contractEvents';
import { PartialDuplicateBatchError, WrongExpectedVersionError } from './eventStore';
import { appendGroup } from './postgresAppendCall';
import { numbers, postgresCases, until } from '../../../test/support/postgresCases';
import { postgresForFile } from '../../../test/support/postgresSuite';

const postgres = postgresForFile('postgresAppendGroup.int.test', 'PostgreSQL append groups');

if (postgres) {
  describe('PostgreSQL append groups', () => {
    const { freshDatabase, store, client, collect } = postgresCases(postgres);

    /** A store on a fresh database holding 'a' (a0, a1) and 'x' (x0), and x0's result. */
    const storedBatches = async () => {
      const url = await freshDatabase();
      const s = await store(url);
      const [a0, a1, x0] = [testEvent(0), testEvent(1), testEvent(2)];
      await s.append('a', [a0, a1], { expectedRevision: 'no_stream' });
      const originalX = await s.append('x', [x0], { expectedRevision: 'no_stream' });
      return { url, s, a0, a1, x0, originalX };
    };

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
      const { url, s, a0, a1, x0, originalX } = await storedBatches();
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

    it('a usual group holding resends: the INSERT finds them, undoes the statement, the general path decides', async () => {
      // No stream twice and no eventId repeated: the usual statement runs, its INSERT meets the
      // stored eventIds of 'a' and 'x' on the (event_id, stream) index, and nothing of that
      // attempt (rows, head, NOTIFY) survives.
      const { url, s, a0, a1, x0, originalX } = await storedBatches();
      const listener = await client(url);
      const notified: string[] = [];
      listener.on('notification', (n) => notified.push(n.payload ?? ''));
      await listener.query('LISTEN tabula_events');
      const results = await appendGroup(await client(url), [
        { stream: 'b', events: [testEvent(3), testEvent(4)], expectedRevision: 'no_stream' },
        { stream: 'x', events: [x0], expectedRevision: 0 },
        { stream: 'a', events: [testEvent(5), a0], expectedRevision: 1 },
        // The same eventIds in streams that do not hold them: no resends.
        { stream: 'c', events: [a1, x0], expectedRevision: 'no_stream' },
      ]);
      expect(results).toMatchObject([
        { status: 'fulfilled', value: { nextRevision: 1, position: 5 } },
        { status: 'fulfilled', value: originalX },
        { status: 'rejected', reason: { eventIds: [a0.metadata.eventId] } },
        { status: 'fulfilled', value: { nextRevision: 1, position: 7 } },
      ]);
      expect(results[2]!.status === 'rejected' && results[2]!.reason).toBeInstanceOf(
        PartialDuplicateBatchError,
      );
      expect((await s.readAll()).map((r) => [r.position, r.streamName, r.revision])).toEqual([
        [1, 'a', 0],
        [2, 'a', 1],
        [3, 'x', 0],
        [4, 'b', 0],
        [5, 'b', 1],
        [6, 'c', 0],
        [7, 'c', 1],
      ]);
      // A barrier on the same channel, sent after the group committed: PostgreSQL delivers
      // notifications in commit order, so once it arrives any NOTIFY of the group (the undone
      // attempt's included) has arrived before it.
      await (await client(url)).query(`NOTIFY tabula_events, 'barrier'`);
      await until(() => notified.includes('barrier'));
      expect(notified).toEqual(['7', 'barrier']);
      // The next usual group continues from the head the general path left.
      await expect(s.append('a', [testEvent(6)], { expectedRevision: 1 })).resolves.toEqual({
        nextRevision: 2,
        position: 8,
      });
    });

    it('opens on a database of the previous version: its index and tabula_append_group stay, resends are found', async () => {
      // The previous version's tables (an index on event_id alone, no (event_id, stream) one)
      // holding a batch, and its function, which returns one row per append; CREATE OR REPLACE
      // cannot change a result type, hence tabula_append_group_v2 beside it (a stand-in body).
      const url = await freshDatabase();
      const admin = await client(url);
      await admin.query(`
        CREATE TABLE tabula_events (
          position bigint PRIMARY KEY, stream text NOT NULL, revision bigint NOT NULL,
          event_id text NOT NULL, event json NOT NULL,
          recorded_at timestamptz NOT NULL DEFAULT now(), UNIQUE (stream, revision));
        CREATE INDEX tabula_events_event_id ON tabula_events (event_id);
        CREATE TABLE tabula_log_head (
          only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), position bigint NOT NULL);
        INSERT INTO tabula_log_head (position) VALUES (1);
        CREATE TABLE tabula_erased_streams (stream text PRIMARY KEY,
          last_revision bigint NOT NULL, erased_at timestamptz NOT NULL, actor_id text, reason text);`);
      const stored = testEvent(0);
      await admin.query(
        `INSERT INTO tabula_events (position, stream, revision, event_id, event)
         VALUES (1, 'a', 0, $1, $2)`,
        [stored.metadata.eventId, JSON.stringify(stored)],
      );
      await admin.query(`CREATE FUNCTION tabula_append_group(p_streams text[], p_expected text[],
          p_counts int[], p_repeats boolean[], p_ids text[], p_events text)
        RETURNS TABLE (outcome text, last_revision bigint, last_position bigint, actual bigint,
          duplicates text[])
        LANGUAGE sql AS $$ SELECT 'ok', 0::bigint, 1::bigint, NULL::bigint, NULL::text[] $$`);
      const s = await store(url);
      // A usual group (no stream twice): the resend is found through the new index.
      await expect(
        Promise.all([
          s.append('a', [stored], { expectedRevision: 'any' }),
          s.append('b', [testEvent(1), testEvent(2)], { expectedRevision: 'no_stream' }),
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
      const indexes = await admin.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'tabula_events' ORDER BY indexname",
      );
      expect(indexes.rows.map((r) => r.indexname)).toEqual(
        expect.arrayContaining(['tabula_events_event_id', 'tabula_events_event_id_stream']),
      );
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
  });
}
