/**
 * The tables of the PostgreSQL event store (`postgresEventStore.ts`) and its locks.
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
 * is one round trip (`tabula_append_group_v2`, `postgresAppendGroup.ts`), and the appends a
 * process issues in the same tick go in one call, so the lock is held for one transaction and
 * one WAL flush per group.
 */

/** The advisory lock every append and erase takes (any constant unique to Tabula). */
export const APPEND_LOCK_KEY = 7_314_955_211;
/** The advisory lock that serialises schema creation among processes starting together. */
export const SCHEMA_LOCK_KEY = 7_314_955_212;
/** The channel on which each committed append notifies its last position. */
export const NOTIFY_CHANNEL = 'tabula_events';

/**
 * The tables; creates what is missing, safe to run from many processes at once (under
 * SCHEMA_LOCK_KEY). The append function is `postgresAppendGroup.ts`'s APPEND_GROUP_SQL.
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
-- A resend is an eventId already stored in its stream: this index refuses it while the append
-- function inserts, so that the usual group needs no lookup first. event_id leads, so lookups
-- by eventId alone use it too. A database of a previous version keeps its index on event_id
-- alone (tabula_events_event_id), left for the operator to drop (docs/event-store.md).
CREATE UNIQUE INDEX IF NOT EXISTS tabula_events_event_id_stream
  ON tabula_events (event_id, stream);

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
`;

/** A row of `tabula_events` as `pg` returns it (bigints as strings, json parsed). */
export interface PostgresEventRow {
  position: string;
  stream: string;
  revision: string;
  event: unknown;
  recorded_at: Date;
}

/** The columns every read selects, in `PostgresEventRow`'s shape. */
export const EVENT_COLUMNS = 'position, stream, revision, event, recorded_at';
