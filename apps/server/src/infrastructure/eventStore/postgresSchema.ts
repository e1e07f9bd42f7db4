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
 * is one round trip (`tabula_append`), and the appends a process issues in the same tick go in
 * one call, so the lock is held for one transaction and one WAL flush per group.
 */

/** The advisory lock every append and erase takes (any constant unique to Tabula). */
export const APPEND_LOCK_KEY = 7_314_955_211;
/** The advisory lock that serialises schema creation among processes starting together. */
export const SCHEMA_LOCK_KEY = 7_314_955_212;
/** The channel on which each committed append notifies its last position. */
export const NOTIFY_CHANNEL = 'tabula_events';

/**
 * Creates what is missing; safe to run from many processes at once (under SCHEMA_LOCK_KEY).
 * `tabula_append(group)` takes the lock, then checks and writes each append of the group (a
 * JSON array of `{stream, expected, ids, events, repeats}`) in order, in one transaction, with
 * two statements per append; it answers one row per append, moves the head once and notifies
 * once. Each row:
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

CREATE OR REPLACE FUNCTION tabula_append(p_group json)
RETURNS TABLE (outcome text, last_revision bigint, last_position bigint, actual bigint, duplicates text[])
LANGUAGE plpgsql AS $fn$
DECLARE
  v_append  json;
  v_stream  text;
  v_expected text;
  v_ids     text[];
  v_count   int;
  v_stored  text[];
  v_actual  bigint;
  v_erased  bigint;
  v_ok      boolean;
  v_first   bigint;
  v_head    bigint;
  v_start   bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  SELECT h.position INTO v_head FROM tabula_log_head h;
  v_start := v_head;

  FOR v_append IN SELECT value FROM json_array_elements(p_group) LOOP
    v_stream := v_append->>'stream';
    v_expected := v_append->>'expected';
    v_ids := ARRAY(SELECT json_array_elements_text(v_append->'ids'));
    v_count := cardinality(v_ids);
    -- Looked up by eventId (materialised, so that the planner cannot scan the whole stream
    -- instead: a canvas stream holds thousands of events), then kept if of this stream.
    WITH by_id AS MATERIALIZED (
      SELECT e.event_id, e.stream FROM tabula_events e WHERE e.event_id = ANY (v_ids)
    )
    SELECT
      (SELECT array_agg(DISTINCT b.event_id) FROM by_id b WHERE b.stream = v_stream),
      (SELECT max(e.revision) FROM tabula_events e WHERE e.stream = v_stream),
      (SELECT s.last_revision FROM tabula_erased_streams s WHERE s.stream = v_stream)
      INTO v_stored, v_actual, v_erased;

    IF v_stored IS NOT NULL AND v_ids <@ v_stored THEN
      RETURN QUERY SELECT 'duplicate', e.revision, e.position, NULL::bigint, NULL::text[]
        FROM tabula_events e WHERE e.stream = v_stream AND e.event_id = ANY (v_ids)
        ORDER BY e.position DESC LIMIT 1;
      CONTINUE;
    END IF;
    IF v_stored IS NOT NULL OR (v_append->>'repeats')::boolean THEN
      RETURN QUERY SELECT 'partial', NULL::bigint, NULL::bigint, NULL::bigint,
        coalesce(v_stored, ARRAY[]::text[]);
      CONTINUE;
    END IF;

    IF v_expected = 'any' THEN v_ok := true;
    ELSIF v_expected = 'no_stream' THEN v_ok := v_actual IS NULL;
    ELSIF v_expected = 'stream_exists' THEN v_ok := v_actual IS NOT NULL;
    ELSE v_ok := v_actual IS NOT DISTINCT FROM v_expected::bigint;
    END IF;
    IF NOT v_ok THEN
      RETURN QUERY SELECT 'wrong', NULL::bigint, NULL::bigint, v_actual, NULL::text[];
      CONTINUE;
    END IF;

    -- After an erasure the stream's revisions continue after the erased ones.
    v_first := greatest(coalesce(v_actual, -1), coalesce(v_erased, -1)) + 1;
    INSERT INTO tabula_events (position, stream, revision, event_id, event)
    SELECT v_head + n, v_stream, v_first + n - 1, v_ids[n], body
      FROM json_array_elements(v_append->'events') WITH ORDINALITY AS batch (body, n);
    v_head := v_head + v_count;
    RETURN QUERY SELECT 'ok', v_first + v_count - 1, v_head, NULL::bigint, NULL::text[];
  END LOOP;

  IF v_head > v_start THEN
    UPDATE tabula_log_head SET position = v_head;
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

/** The row `tabula_append` answers. */
export interface AppendRow {
  outcome: 'ok' | 'duplicate' | 'partial' | 'wrong';
  last_revision: string | null;
  last_position: string | null;
  actual: string | null;
  duplicates: string[] | null;
}

/** The columns every read selects, in `PostgresEventRow`'s shape. */
export const EVENT_COLUMNS = 'position, stream, revision, event, recorded_at';
