/**
 * `tabula_append_group_v2`, the PostgreSQL function that writes a group of appends in one call
 * (client side: `postgresAppendCall.ts`; the lock that orders the groups: `postgresSchema.ts`).
 *
 * `tabula_append_group_v2(streams, expected, counts, repeats, ids, events)`: one element per
 * append in the first four arrays, one per event (in append order) in `ids`, and the bodies in
 * `events`, one text separated by EVENT_SEPARATOR. Before the lock it splits and parses the
 * bodies (once); under the lock it decides and writes the group, moves the head and notifies
 * once. When every append of a usual group is written, it answers ONE row:
 * - `ok_group`: `last_position` is the head before the group (the client, which knows each
 *   append's event count, counts the positions on from it), `revisions` each append's last
 *   revision in group order, separated by commas.
 * Otherwise one row per append, in group order:
 * - `ok`: written; `last_revision`, `last_position` of the batch;
 * - `duplicate`: every eventId already in the stream; the original batch's last event;
 * - `partial`: some eventIds stored (`duplicates`) or repeated inside the batch (`repeats`);
 * - `wrong`: the expected revision failed; `actual` is the stream's last revision or null.
 * The expected-revision rule is `revisionRules.mjs`'s, written in SQL so that the check and
 * the insert happen in one round trip under the lock.
 *
 * Two paths. The usual group (no stream twice, no eventId repeated in an append) is tried first
 * by one statement that checks every expected revision and, when all hold, writes the group and
 * answers `ok_group`. It does not look for stored eventIds beforehand: the unique index on
 * (event_id, stream) refuses a resend while the INSERT writes it, and the statement runs in a
 * subtransaction of its own, so that refusal undoes all of it. A refused group, a usual group
 * with a `wrong` append (which that statement leaves unwritten) and any other group take the
 * general path: the group in runs (stretches with no stream twice; a stream's later append in
 * the group sees its earlier one in a later run), one statement per run that also finds the
 * stored eventIds and answers `duplicate` and `partial`.
 */
import { APPEND_LOCK_KEY, NOTIFY_CHANNEL } from './postgresSchema';

/**
 * Separates the event bodies in the one text the function receives: U+001E never
 * appears raw in a JSON text (JSON.stringify escapes every control character).
 */
export const EVENT_SEPARATOR = '\u001e';
const EVENT_SEPARATOR_SQL = "E'\\x1e'";

/**
 * The append function. Its name carries a version: a function's result type cannot be changed
 * by CREATE OR REPLACE, and nodes of the previous version keep calling theirs during a rolling
 * upgrade (`tabula_append_group`, one row per append, left in place).
 */
export const APPEND_GROUP_FUNCTION = 'tabula_append_group_v2';

/** A row of the function's answer (see above). */
export interface AppendRow {
  outcome: 'ok_group' | 'ok' | 'duplicate' | 'partial' | 'wrong';
  last_revision: string | null;
  last_position: string | null;
  actual: string | null;
  duplicates: string[] | null;
  /** `ok_group` only: each append's last revision, in group order, separated by commas. */
  revisions: string | null;
}

/**
 * The last revision of append `u`'s stream. With an expected revision R the backward index
 * scan stops below R (one entry read when R is the last); max() alone reads every entry of the
 * stream on the last index page, so it only answers when that finds nothing.
 */
const LAST_REVISION = `coalesce(
          CASE WHEN u.expected NOT IN ('any', 'no_stream', 'stream_exists') THEN
            (SELECT max(e.revision) FROM tabula_events e
              WHERE e.stream = u.stream AND e.revision >= u.expected::bigint)
          END,
          (SELECT max(e.revision) FROM tabula_events e WHERE e.stream = u.stream))`;

/**
 * What the usual statement needs of append `u`'s stream: with a numeric expected revision R,
 * the newest revision at or above R (one index entry read when R is the last); finding none
 * fails R just as a newer one does, and the general path then finds the actual revision.
 * Otherwise the stream's newest revision.
 */
const NEWEST_FROM_EXPECTED = `(SELECT e.revision FROM tabula_events e
                   WHERE e.stream = u.stream
                     AND e.revision >= CASE WHEN u.expected IN ('any', 'no_stream', 'stream_exists')
                                            THEN 0 ELSE u.expected::bigint END
                   ORDER BY e.revision DESC LIMIT 1)`;

/** Whether append `c` (with `cur`, its stream's last revision) meets its expected revision. */
const EXPECTED_HOLDS = `CASE c.expected
                     WHEN 'any' THEN true
                     WHEN 'no_stream' THEN c.cur IS NULL
                     WHEN 'stream_exists' THEN c.cur IS NOT NULL
                     ELSE c.cur IS NOT DISTINCT FROM c.expected::bigint
                   END`;

/** A stream's revisions continue after its erased ones (all below any it holds). */
const FIRST_REVISION = `coalesce(c.cur, (SELECT s.last_revision FROM tabula_erased_streams s
                              WHERE s.stream = c.stream), -1) + 1`;

/**
 * The usual group in one statement: the head, per append its stream's last revision and the
 * verdict; if all hold, the positions (after the head, in group order), one multi-row INSERT,
 * the head moved with its NOTIFY, and into v_start and v_revisions the head before the group
 * and each append's last revision (comma-separated). If any fails, it writes nothing and sets
 * both to null. The INSERT and the UPDATE run after the SELECT has produced its row, hence INTO
 * and not RETURN QUERY: a resend found by the INSERT must not leave a row in the answer.
 */
const USUAL_GROUP = `
      WITH head AS MATERIALIZED (
        SELECT h.position FROM tabula_log_head h
      ), run AS MATERIALIZED (
        SELECT c.i, c.stream, c.n, c.at, ${EXPECTED_HOLDS} AS ok, ${FIRST_REVISION} AS first_revision
          FROM (SELECT u.i, u.stream, u.expected, u.n, (sum(u.n) OVER (ORDER BY u.i) - u.n)::int AS at,
                  ${NEWEST_FROM_EXPECTED} AS cur
                  FROM unnest(p_streams, p_expected, p_counts) WITH ORDINALITY
                    AS u(stream, expected, n, i)) c
      ), verdict AS MATERIALIZED (
        SELECT bool_and(r.ok) AS all_ok FROM run r
      ), written AS (
        -- generate_series in the select list: one call per append, without the tuplestore that
        -- a LATERAL function scan fills and empties again for every append.
        INSERT INTO tabula_events (position, stream, revision, event_id, event)
        SELECT (SELECT h.position FROM head h) + s.at + s.k, s.stream, s.first_revision + s.k - 1,
               p_ids[s.at + s.k], v_events[s.at + s.k]
          FROM (SELECT r.*, generate_series(1, r.n) AS k FROM run r) s
         WHERE (SELECT v.all_ok FROM verdict v)
      ), moved AS (
        UPDATE tabula_log_head SET position = position + v_total
         WHERE (SELECT v.all_ok FROM verdict v)
        RETURNING pg_notify('${NOTIFY_CHANNEL}', position::text)
      )
      SELECT (SELECT h.position FROM head h),
             string_agg((r.first_revision + r.n - 1)::text, ',' ORDER BY r.i)
        INTO v_start, v_revisions
        FROM run r HAVING bool_and(r.ok);`;

/** One run of the general path: appends v_lo..v_hi, no stream twice among them. */
const GENERAL_RUN = `
    RETURN QUERY
    WITH run AS MATERIALIZED (
      SELECT u.i, u.stream, u.expected, u.n, u.repeats, v_at[u.i] AS at,
        p_ids[v_at[u.i] + 1 : v_at[u.i] + u.n] AS ids,
        ${LAST_REVISION} AS cur
        FROM unnest(p_streams, p_expected, p_counts, p_repeats) WITH ORDINALITY
          AS u(stream, expected, n, repeats, i)
       WHERE u.i BETWEEN v_lo AND v_hi
    ), hits AS MATERIALIZED (
      -- The run's eventIds already stored, in one scan of the (event_id, stream) index, run
      -- once. Written as a join with the run's appends, a plan cached while tabula_events was
      -- new would instead scan the whole index and hash it.
      SELECT e.event_id, e.stream, e.revision, e.position FROM tabula_events e
       WHERE e.event_id = ANY (p_ids[v_at[v_lo] + 1 : v_at[v_hi] + p_counts[v_hi]])
    ), found AS (
      -- Per append, its eventIds already stored in its stream and the last of them.
      SELECT r.i, array_agg(DISTINCT t.event_id) AS stored,
        (array_agg(t.revision ORDER BY t.position DESC))[1] AS found_revision,
        max(t.position) AS found_position
        FROM hits t JOIN run r ON r.stream = t.stream AND t.event_id = ANY (r.ids)
       GROUP BY r.i
    ), placed AS MATERIALIZED (
      SELECT d.*,
        v_head + sum(CASE WHEN d.verdict = 'ok' THEN d.n ELSE 0 END) OVER (ORDER BY d.i)
          AS end_position
        FROM (
          SELECT c.*,
            CASE
              WHEN c.stored IS NOT NULL AND c.ids <@ c.stored THEN 'duplicate'
              WHEN c.stored IS NOT NULL OR c.repeats THEN 'partial'
              WHEN ${EXPECTED_HOLDS} THEN 'ok'
              ELSE 'wrong'
            END AS verdict,
            ${FIRST_REVISION} AS first_revision
            FROM (SELECT r.*, f.stored, f.found_revision, f.found_position
                    FROM run r LEFT JOIN found f ON f.i = r.i) c
        ) d
    ), written AS (
      INSERT INTO tabula_events (position, stream, revision, event_id, event)
      SELECT p.end_position - p.n + s.k, p.stream, p.first_revision + s.k - 1, p.ids[s.k],
             v_events[p.at + s.k]
        FROM placed p CROSS JOIN LATERAL generate_series(1, p.n) AS s(k)
       WHERE p.verdict = 'ok'
    ), moved AS (
      UPDATE tabula_log_head SET position = (SELECT max(p.end_position) FROM placed p)
       WHERE position <> (SELECT max(p.end_position) FROM placed p)
    )
    SELECT p.verdict,
      CASE p.verdict WHEN 'ok' THEN p.first_revision + p.n - 1
                     WHEN 'duplicate' THEN p.found_revision END,
      CASE p.verdict WHEN 'ok' THEN p.end_position WHEN 'duplicate' THEN p.found_position END,
      CASE WHEN p.verdict = 'wrong' THEN p.cur END,
      CASE WHEN p.verdict = 'partial' THEN coalesce(p.stored, ARRAY[]::text[]) END, NULL::text
      FROM placed p ORDER BY p.i;`;

/**
 * Creates or replaces the function. `enable_seqscan = off`: plpgsql plans a statement once per
 * connection, with the statistics the table has at that moment; planned while `tabula_events`
 * is new (a few pages, no statistics yet) the eventId lookup comes out as a sequential scan,
 * 50-80 ms per call a few thousand groups later, so only index plans are allowed. `jit = off`:
 * the disabled scan's penalty cost would otherwise trigger JIT compilation of every statement.
 */
export const APPEND_GROUP_SQL = `
CREATE OR REPLACE FUNCTION ${APPEND_GROUP_FUNCTION}(
  p_streams text[], p_expected text[], p_counts int[], p_repeats boolean[], p_ids text[],
  p_events text)
RETURNS TABLE (outcome text, last_revision bigint, last_position bigint, actual bigint,
  duplicates text[], revisions text)
LANGUAGE plpgsql SET enable_seqscan = off SET jit = off AS $fn$
DECLARE
  -- Each body parsed once, before the lock (a JSON text never holds a raw U+001E).
  v_events json[] := string_to_array(p_events, ${EVENT_SEPARATOR_SQL})::json[];
  v_total bigint;
  v_usual boolean;
  v_prev  int[];
  v_at    int[];
  v_count int;
  v_lo    int := 1;
  v_hi    int;
  v_head  bigint;
  v_start bigint;
  v_revisions text;
BEGIN
  IF cardinality(v_events) IS DISTINCT FROM cardinality(p_ids) THEN
    RAISE EXCEPTION '${APPEND_GROUP_FUNCTION}: % events, % ids', cardinality(v_events), cardinality(p_ids);
  END IF;
  SELECT sum(u.n), count(DISTINCT u.stream) = count(*) AND NOT bool_or(u.repeats)
    INTO v_total, v_usual
    FROM unnest(p_streams, p_counts, p_repeats) AS u(stream, n, repeats);
  IF v_total IS DISTINCT FROM cardinality(p_ids) THEN
    RAISE EXCEPTION '${APPEND_GROUP_FUNCTION}: counts for % events, % ids', v_total, cardinality(p_ids);
  END IF;
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  IF v_usual THEN
    -- In a subtransaction of its own: a resend (an eventId already stored in its stream) fails
    -- the INSERT on the (event_id, stream) index, which undoes the whole statement, and the
    -- general path then decides the group.
    BEGIN
${USUAL_GROUP}
    EXCEPTION WHEN unique_violation THEN
      v_revisions := NULL;
    END;
    IF v_revisions IS NOT NULL THEN
      outcome := 'ok_group';
      last_position := v_start;
      revisions := v_revisions;
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  -- Per append: the previous append to the same stream in the group (0: none), and how many
  -- events come before its own in p_ids and v_events.
  SELECT array_agg(coalesce(a.prev, 0) ORDER BY a.i), array_agg(a.at ORDER BY a.i), count(*)
    INTO v_prev, v_at, v_count
    FROM (SELECT u.i, lag(u.i) OVER (PARTITION BY u.stream ORDER BY u.i) AS prev,
                 sum(u.n) OVER (ORDER BY u.i) - u.n AS at
            FROM unnest(p_streams, p_counts) WITH ORDINALITY AS u(stream, n, i)) a;
  SELECT h.position INTO v_start FROM tabula_log_head h;
  v_head := v_start;
  WHILE v_lo <= v_count LOOP
    v_hi := v_lo;
    WHILE v_hi < v_count AND v_prev[v_hi + 1] < v_lo LOOP
      v_hi := v_hi + 1;
    END LOOP;
    IF v_lo > 1 THEN
      SELECT h.position INTO v_head FROM tabula_log_head h;
    END IF;
${GENERAL_RUN}
    v_lo := v_hi + 1;
  END LOOP;

  SELECT h.position INTO v_head FROM tabula_log_head h;
  IF v_head > v_start THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', v_head::text);
  END IF;
END
$fn$;
`;
