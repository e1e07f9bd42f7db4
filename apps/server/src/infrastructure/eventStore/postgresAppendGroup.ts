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
 * Two paths. The usual group (no stream twice, no eventId repeated in an append, none of its
 * eventIds stored yet: one probe of the eventId index per id says so) can only end in `ok` or
 * `wrong`; one statement checks it and, when every append holds, writes it and answers
 * `ok_group`. Anything else (including a usual group with a `wrong` append, which that
 * statement leaves unwritten) takes the general path: the group in runs (stretches with no
 * stream twice; a stream's later append in the group sees its earlier one in a later run), one
 * statement per run that also finds the stored eventIds and answers `duplicate` and `partial`.
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
 * The usual group in one statement, when every append in it holds: per append its stream's
 * last revision and the verdict; if all hold, the positions (after the head, in group order),
 * one multi-row INSERT, the head moved with its NOTIFY, and ONE row (`ok_group`). If any fails,
 * it writes nothing and answers no row, and the general path decides the group.
 */
const USUAL_GROUP = `
    RETURN QUERY
    WITH run AS MATERIALIZED (
      SELECT c.i, c.stream, c.n, c.at, ${EXPECTED_HOLDS} AS ok, ${FIRST_REVISION} AS first_revision
        FROM (SELECT u.i, u.stream, u.expected, u.n, (sum(u.n) OVER (ORDER BY u.i) - u.n)::int AS at,
                ${LAST_REVISION} AS cur
                FROM unnest(p_streams, p_expected, p_counts) WITH ORDINALITY
                  AS u(stream, expected, n, i)) c
    ), verdict AS MATERIALIZED (
      SELECT bool_and(r.ok) AS all_ok FROM run r
    ), written AS (
      INSERT INTO tabula_events (position, stream, revision, event_id, event)
      SELECT v_start + r.at + s.k, r.stream, r.first_revision + s.k - 1, p_ids[r.at + s.k],
             v_events[r.at + s.k]
        FROM run r CROSS JOIN LATERAL generate_series(1, r.n) AS s(k)
       WHERE (SELECT v.all_ok FROM verdict v)
    ), moved AS (
      UPDATE tabula_log_head SET position = v_start + v_total
       WHERE (SELECT v.all_ok FROM verdict v)
      RETURNING pg_notify('${NOTIFY_CHANNEL}', position::text)
    )
    SELECT 'ok_group'::text, NULL::bigint, v_start, NULL::bigint, NULL::text[],
      string_agg((r.first_revision + r.n - 1)::text, ',' ORDER BY r.i)
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
      -- The run's eventIds already stored, in one scan of the eventId index, run once (as the
      -- inner side of a join it would be rescanned for every append).
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
BEGIN
  IF cardinality(v_events) IS DISTINCT FROM cardinality(p_ids) THEN
    RAISE EXCEPTION '${APPEND_GROUP_FUNCTION}: % events, % ids', cardinality(v_events), cardinality(p_ids);
  END IF;
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  SELECT h.position, g.total,
         g.distinct_streams AND NOT EXISTS (
           SELECT 1 FROM tabula_events e WHERE e.event_id = ANY (p_ids))
    INTO v_start, v_total, v_usual
    FROM tabula_log_head h,
      (SELECT sum(u.n) AS total,
              count(DISTINCT u.stream) = count(*) AND NOT bool_or(u.repeats) AS distinct_streams
         FROM unnest(p_streams, p_counts, p_repeats) AS u(stream, n, repeats)) g;
  IF v_total IS DISTINCT FROM cardinality(p_ids) THEN
    RAISE EXCEPTION '${APPEND_GROUP_FUNCTION}: counts for % events, % ids', v_total, cardinality(p_ids);
  END IF;
  IF v_usual THEN
${USUAL_GROUP}
    IF FOUND THEN
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
