/**
 * The client side of `tabula_append_group_v2` (`postgresAppendGroup.ts`): a group of appends
 * sent as one call of the prepared statement, and each append's result or error read from the
 * answer (one row for a group written whole, else one row per append).
 */
import type pg from 'pg';

import { assertValidAppend, repeatedEventIds } from './appendRules';
import { PartialDuplicateBatchError, WrongExpectedVersionError } from './eventStore';
import type { AppendResult, ExpectedRevision, StorableEvent } from './eventStore';
import { APPEND_GROUP_FUNCTION, EVENT_SEPARATOR } from './postgresAppendGroup';
import type { AppendRow } from './postgresAppendGroup';

/** Anything that runs a query: the pool, or a client inside a transaction of the caller's. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** One append of a group. */
export interface PendingAppend<E extends StorableEvent> {
  stream: string;
  events: readonly E[];
  expectedRevision: ExpectedRevision;
}

/** The prepared statement: each connection parses and plans the call once. */
const CALL = {
  name: APPEND_GROUP_FUNCTION,
  text: `SELECT * FROM ${APPEND_GROUP_FUNCTION}($1, $2, $3, $4, $5, $6)`,
};

/**
 * Runs a group of appends on `db` in one call (one transaction, one lock, one COMMIT); each
 * append's result or error is its own. With a client inside an open transaction the positions
 * (and the global lock) are held until that transaction ends, which is how the interleaving
 * test holds a position open.
 */
export async function appendGroup<E extends StorableEvent>(
  db: Queryable,
  group: readonly PendingAppend<E>[],
): Promise<PromiseSettledResult<AppendResult>[]> {
  const rows = await writeGroup(db, group);
  const first = rows[0];
  if (rows.length === 1 && first!.outcome === 'ok_group') return groupWritten(group, first!);
  if (rows.length !== group.length) {
    throw new Error(`${APPEND_GROUP_FUNCTION}: ${rows.length} rows for ${group.length} appends`);
  }
  return group.map((append, i) => {
    try {
      return { status: 'fulfilled', value: appendResult(append, rows[i]!) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
}

/** One append on `db` (see `appendGroup`). */
export async function appendTo<E extends StorableEvent>(
  db: Queryable,
  stream: string,
  events: readonly E[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  assertValidAppend(stream, events, expectedRevision);
  const [settled] = await appendGroup(db, [{ stream, events, expectedRevision }]);
  if (settled!.status === 'rejected') throw settled!.reason;
  return settled!.value;
}

/** Sends a group to the function; its answer. */
async function writeGroup<E extends StorableEvent>(
  db: Queryable,
  group: readonly PendingAppend<E>[],
): Promise<AppendRow[]> {
  // Array literals built here (one element per append; ids one per event, in order) and the
  // bodies as one text: PostgreSQL parses each body once, and a body is never escaped.
  let streams = '{';
  let expected = '{';
  let counts = '{';
  let repeats = '{';
  let ids = '{';
  let bodies = '';
  for (let i = 0; i < group.length; i += 1) {
    const { stream, events, expectedRevision } = group[i]!;
    const comma = i === 0 ? '' : ',';
    streams += comma + arrayElement(stream);
    expected += comma + arrayElement(String(expectedRevision));
    counts += comma + String(events.length);
    repeats += comma + (events.length > 1 && repeatedEventIds(events).length > 0 ? 't' : 'f');
    for (let k = 0; k < events.length; k += 1) {
      const event = events[k]!;
      const first = i === 0 && k === 0;
      ids += (first ? '' : ',') + arrayElement(event.metadata.eventId);
      bodies += (first ? '' : EVENT_SEPARATOR) + JSON.stringify(event);
    }
  }
  const { rows } = await db.query<AppendRow>({
    ...CALL,
    values: [`${streams}}`, `${expected}}`, `${counts}}`, `${repeats}}`, `${ids}}`, bodies],
  });
  return rows;
}

/** One element of a PostgreSQL array literal: always quoted, `"` and `\` escaped. */
function arrayElement(value: string): string {
  return `"${/["\\]/.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
}

/** The results of a group written whole: positions counted on from the head before it. */
function groupWritten<E extends StorableEvent>(
  group: readonly PendingAppend<E>[],
  row: AppendRow,
): PromiseSettledResult<AppendResult>[] {
  const revisions = (row.revisions ?? '').split(',');
  if (revisions.length !== group.length) {
    throw new Error(`${APPEND_GROUP_FUNCTION}: ${revisions.length} revisions for ${group.length}`);
  }
  let position = Number(row.last_position);
  return group.map((append, i) => {
    position += append.events.length;
    return { status: 'fulfilled', value: { nextRevision: Number(revisions[i]), position } };
  });
}

function appendResult<E extends StorableEvent>(
  { stream, events, expectedRevision }: PendingAppend<E>,
  row: AppendRow,
): AppendResult {
  switch (row.outcome) {
    case 'ok':
    case 'duplicate':
      return { nextRevision: Number(row.last_revision), position: Number(row.last_position) };
    case 'partial':
      throw new PartialDuplicateBatchError(stream, [
        ...(row.duplicates ?? []),
        ...repeatedEventIds(events),
      ]);
    case 'wrong':
      throw new WrongExpectedVersionError(
        stream,
        expectedRevision,
        row.actual === null ? 'no_stream' : Number(row.actual),
      );
    case 'ok_group':
      throw new Error(`${APPEND_GROUP_FUNCTION}: ok_group beside other rows`);
  }
}
