/**
 * Tables and the append function of the PostgreSQL event store (`postgresEventStore.ts`).
 *
 * Gap-free global order: every append (and every erase) first takes ONE transaction-scoped
 * advisory lock, `pg_advisory_xact_lock(APPEND_LOCK_KEY)`, and only then reads the stream,
 * takes its positions from the `tabula_log_head` counter and inserts. The lock is released
 * after the COMMIT has made the rows visible, so transactions commit in the order of their
 * positions: a reader that sees position N also sees every position below N that will ever
 * exist. A subscriber can therefore keep "last position delivered" as its only cursor and
 * never skips an event, which a plain sequence cannot promise (a transaction that took 10
 * may commit after the one that took 11, and a reader that already moved past 11 never sees
 * 10). The price: appends to the whole log are serialised, one commit at a time; the append
 * is one round trip (`tabula_append_group`), and the appends a process issues in the same tick go in
 * one call, so the lock is held for one transaction and one WAL flush per group.
 */

/** The advisory lock every append and erase takes (any constant unique to Tabula). */
export const APPEND_LOCK_KEY = 7_314_955_211;
/** The advisory lock that serialises schema creation among processes starting together. */
export const SCHEMA_LOCK_KEY = 7_314_955_212;
/**
 * Separates the event bodies in the one text `tabula_append_group` receives: U+001E never
 * appears raw in a JSON text (JSON.stringify escapes every control character).
 */
export const EVENT_SEPARATOR = '\u001e';
const EVENT_SEPARATOR_SQL = "E'\\x1e'";
/** The channel on which each committed append notifies its last position. */
export const NOTIFY_CHANNEL = 'tabula_events';

/**
 * Creates what is missing; safe to run from many processes at once (under SCHEMA_LOCK_KEY).
 * `tabula_append_group(streams, expected, counts, repeats, ids, events)` writes a group: one
 * element per append in the first four arrays, one per event (in append order) in `ids`, and
 * the bodies in `events`, one text separated by EVENT_SEPARATOR. Before the lock it splits and
 * parses the bodies (once) and checks that the arrays agree; then it takes the lock, decides
 * and writes the group in runs (stretches with no stream twice; usually the whole group) with
 * ONE set-based statement per run: the
 * streams' last revisions, one eventId index scan for resends, the verdicts, the positions and
 * one multi-row INSERT. It answers one row per append in group order, moves the head and
 * notifies once. Each row:
 * - `ok`: written; `last_revision`, `last_position` of the batch;
 * - `duplicate`: every eventId already in the stream; the original batch's last event;
 * - `partial`: some eventIds stored (`duplicates`) or repeated inside the batch (`repeats`);
 * - `wrong`: the expected revision failed; `actual` is the stream's last revision or null.
 * The expected-revision rule is `revisionRules.mjs`'s, written in SQL so that the check and
 * the insert happen in one round trip under the lock.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS tabula_events (
  position    bigint PRIMARY KEY,
  stream      text NOT NULL,
  revision    bigint NOT NULL,
  event_id    text NOT NULL,
  event       json NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream, revision)
);
CREATE INDEX IF NOT EXISTS tabula_events_event_id ON tabula_events (event_id);

CREATE TABLE IF NOT EXISTS tabula_log_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  position bigint NOT NULL
);
INSERT INTO tabula_log_head (position) VALUES (0) ON CONFLICT DO NOTHING;

CREATE TABLE IF NOT EXISTS tabula_erased_streams (
  stream        text PRIMARY KEY,
  last_revision bigint NOT NULL,
  erased_at     timestamptz NOT NULL,
  actor_id      text,
  reason        text
);

CREATE OR REPLACE FUNCTION tabula_append_group(
  p_streams text[], p_expected text[], p_counts int[], p_repeats boolean[], p_ids text[],
  p_events text)
RETURNS TABLE (outcome text, last_revision bigint, last_position bigint, actual bigint, duplicates text[])
LANGUAGE plpgsql AS $fn$
DECLARE
  -- Each body parsed once, before the lock (a JSON text never holds a raw U+001E).
  v_events json[] := string_to_array(p_events, ${EVENT_SEPARATOR_SQL})::json[];
  v_prev  int[];
  v_at    int[];
  v_count int;
  v_lo    int := 1;
  v_hi    int;
  v_head  bigint;
  v_start bigint;
BEGIN
  -- Per append: the previous append to the same stream in the group (0: none), and how many
  -- events come before its own in p_ids and v_events. Before the lock: it reads no table.
  SELECT array_agg(coalesce(a.prev, 0) ORDER BY a.i), array_agg(a.at ORDER BY a.i), count(*)
    INTO v_prev, v_at, v_count
    FROM (SELECT u.i, lag(u.i) OVER (PARTITION BY u.stream ORDER BY u.i) AS prev,
                 sum(u.n) OVER (ORDER BY u.i) - u.n AS at
            FROM unnest(p_streams, p_counts) WITH ORDINALITY AS u(stream, n, i)) a;
  IF cardinality(v_events) IS DISTINCT FROM cardinality(p_ids)
     OR v_at[v_count] + p_counts[v_count] IS DISTINCT FROM cardinality(p_ids) THEN
    RAISE EXCEPTION 'tabula_append_group: % events, % ids, counts for %',
      cardinality(v_events), cardinality(p_ids), v_at[v_count] + p_counts[v_count];
  END IF;
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  SELECT h.position INTO v_start FROM tabula_log_head h;
  v_head := v_start;
  -- A run is a stretch of the group with no stream twice: one statement decides and writes
  -- all of it (a stream's later appends in the group see its earlier ones in a later run).
  WHILE v_lo <= v_count LOOP
    v_hi := v_lo;
    WHILE v_hi < v_count AND v_prev[v_hi + 1] < v_lo LOOP
      v_hi := v_hi + 1;
    END LOOP;
    IF v_lo > 1 THEN
      SELECT h.position INTO v_head FROM tabula_log_head h;
    END IF;
    RETURN QUERY
    WITH run AS MATERIALIZED (
      SELECT u.i, u.stream, u.expected, u.n, u.repeats, v_at[u.i] AS at,
        p_ids[v_at[u.i] + 1 : v_at[u.i] + u.n] AS ids,
        -- The stream's last revision. With an expected revision R the backward index scan
        -- stops below R (one entry read when R is the last); max() alone reads every entry
        -- of the stream on the last index page, so it only answers when that finds nothing.
        coalesce(
          CASE WHEN u.expected NOT IN ('any', 'no_stream', 'stream_exists') THEN
            (SELECT max(e.revision) FROM tabula_events e
              WHERE e.stream = u.stream AND e.revision >= u.expected::bigint)
          END,
          (SELECT max(e.revision) FROM tabula_events e WHERE e.stream = u.stream)) AS cur
        FROM unnest(p_streams, p_expected, p_counts, p_repeats) WITH ORDINALITY
          AS u(stream, expected, n, repeats, i)
       WHERE u.i BETWEEN v_lo AND v_hi
    ), found AS (
      -- Per append, its eventIds already stored in its stream and the last of them. One scan
      -- of the eventId index (OFFSET 0 keeps the planner from scanning whole streams instead).
      SELECT r.i, array_agg(DISTINCT t.event_id) AS stored,
        (array_agg(t.revision ORDER BY t.position DESC))[1] AS found_revision,
        max(t.position) AS found_position
        FROM (SELECT e.event_id, e.stream, e.revision, e.position FROM tabula_events e
               WHERE e.event_id = ANY (p_ids[v_at[v_lo] + 1 : v_at[v_hi] + p_counts[v_hi]])
              OFFSET 0) t
        JOIN run r ON r.stream = t.stream AND t.event_id = ANY (r.ids)
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
              WHEN CASE c.expected
                     WHEN 'any' THEN true
                     WHEN 'no_stream' THEN c.cur IS NULL
                     WHEN 'stream_exists' THEN c.cur IS NOT NULL
                     ELSE c.cur IS NOT DISTINCT FROM c.expected::bigint
                   END THEN 'ok'
              ELSE 'wrong'
            END AS verdict,
            -- A stream's revisions continue after its erased ones (all below any it holds).
            coalesce(c.cur, (SELECT s.last_revision FROM tabula_erased_streams s
                              WHERE s.stream = c.stream), -1) + 1 AS first_revision
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
      CASE WHEN p.verdict = 'partial' THEN coalesce(p.stored, ARRAY[]::text[]) END
      FROM placed p ORDER BY p.i;
    v_lo := v_hi + 1;
  END LOOP;

  SELECT h.position INTO v_head FROM tabula_log_head h;
  IF v_head > v_start THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', v_head::text);
  END IF;
END
$fn$;
`;

/** A row of `tabula_events` as `pg` returns it (bigints as strings, json parsed). */
export interface PostgresEventRow {
  position: string;
  stream: string;
  revision: string;
  event: unknown;
  recorded_at: Date;
}

/** The row `tabula_append_group` answers. */
export interface AppendRow {
  outcome: 'ok' | 'duplicate' | 'partial' | 'wrong';
  last_revision: string | null;
  last_position: string | null;
  actual: string | null;
  duplicates: string[] | null;
}

/** The columns every read selects, in `PostgresEventRow`'s shape. */
export const EVENT_COLUMNS = 'position, stream, revision, event, recorded_at';
