/**
 * The SQLite event store's writer: a worker thread that owns the log's only write connection,
 * so that group-commit transactions and their fsync never block the main event loop. Plain
 * JavaScript, so that it loads the same way under tsx, vitest or compiled JS, with no
 * TypeScript loader. The main thread (`sqliteWriter.ts`) sends it plain data only; the types
 * of the messages are declared there.
 *
 * Every check that decides what is written runs here, inside the transaction that writes it:
 * the whole-batch resend, the partial duplicates and the expected revision.
 *
 * Requests are handled in the order they were sent. When a request arrives, every request
 * already waiting is taken too (`receiveMessageOnPort`), and consecutive append requests are
 * written in ONE transaction: one COMMIT, one fsync for all the appends queued meanwhile.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';

import Database from 'better-sqlite3';

import { expectedRevisionMatches } from './revisionRules.mjs';

const { file, pragmas } = workerData;
const db = new Database(file);
for (const pragma of pragmas) db.pragma(pragma);
// SQLite would copy the WAL into the file inside the COMMIT that crosses its threshold, and
// the appends of that group would wait for it: checkpoints run here when no request waits.
db.pragma('wal_autocheckpoint = 0');

/** Pages SQLite checkpoints after by default, and the bound beyond which it runs anyway. */
const CHECKPOINT_PAGES = 1000;
const FORCED_CHECKPOINT_PAGES = 4 * CHECKPOINT_PAGES;
const PAGE_BYTES = db.pragma('page_size', { simple: true });
/** Pages written since the last checkpoint, estimated from the bodies (a few pages each). */
let walPages = 0;

const lastRevision = db.prepare(
  'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
);
const findEventId = db.prepare(
  'SELECT position, revision FROM events WHERE stream = ? AND event_id = ?',
);
const erasedUpTo = db.prepare('SELECT last_revision FROM erased_streams WHERE stream = ?');
const insert = db.prepare(
  'INSERT INTO events (stream, revision, event_id, type, body, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
);
const deleteStreamRows = db.prepare('DELETE FROM events WHERE stream = ?');
const upsertErasure = db.prepare(
  `INSERT INTO erased_streams (stream, last_revision, erased_at, actor_id, reason) VALUES (?, ?, ?, ?, ?)
   ON CONFLICT (stream) DO UPDATE SET last_revision = excluded.last_revision,
     erased_at = excluded.erased_at, actor_id = excluded.actor_id, reason = excluded.reason`,
);

/** Checks and writes one append inside the open transaction; a broken rule writes nothing. */
function writeOne(append, recordedAt) {
  const { stream, eventIds } = append;
  const stored = eventIds.map((id) => findEventId.get(stream, id));
  if (stored.every((row) => row !== undefined)) {
    const last = stored.reduce((a, b) => (a.position > b.position ? a : b));
    return { ok: true, nextRevision: last.revision, position: last.position };
  }
  const duplicates = [...eventIds.filter((_, i) => stored[i] !== undefined), ...append.repeated];
  if (duplicates.length > 0) return { ok: false, duplicates };

  const actual = lastRevision.get(stream)?.revision ?? 'no_stream';
  if (!expectedRevisionMatches(append.expected, actual)) return { ok: false, actual };
  // After an erasure the stream's revisions continue after the erased ones.
  const firstRevision =
    actual === 'no_stream' ? (erasedUpTo.get(stream)?.last_revision ?? -1) + 1 : actual + 1;
  const positions = append.bodies.map((body, i) =>
    Number(
      insert.run(stream, firstRevision + i, eventIds[i], append.types[i], body, recordedAt)
        .lastInsertRowid,
    ),
  );
  return {
    ok: true,
    nextRevision: firstRevision + positions.length - 1,
    position: positions[positions.length - 1],
    firstRevision,
    positions,
  };
}

/** One transaction for several append requests; any error but a broken rule aborts it all. */
const writeRequests = db.transaction((requests) =>
  requests.map((request) => request.appends.map((append) => writeOne(append, request.recordedAt))),
);

/** Deletes the stream's rows (zeroed by secure_delete) and keeps the audit record. */
const eraseRows = db.transaction(({ stream, erasedAt, actorId, reason }) => {
  const last = lastRevision.get(stream);
  if (last === undefined) return; // nothing stored (never written, or already erased)
  deleteStreamRows.run(stream);
  upsertErasure.run(stream, last.revision, erasedAt, actorId, reason);
});

function erase(request) {
  eraseRows(request);
  // Copies the WAL into the file and empties it: no frame keeps the erased bodies. Readers of
  // other connections are waited for (busy timeout); one still reading after it fails it.
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)');
  walPages = 0;
  if (result && result.busy !== 0) {
    throw new Error(
      `The erasure is committed, but the WAL checkpoint could not complete (another connection holds ${file}); the WAL may still hold erased bytes until the next checkpoint`,
    );
  }
}

/** An error as plain data; the main thread rebuilds it (SqliteError keeps its code). */
function failure(error) {
  return error instanceof Error
    ? { name: error.name, message: error.message, code: error.code }
    : { name: 'Error', message: String(error) };
}

/** Handles `requests` in order, and answers each (in order too). */
function handle(requests) {
  const replies = [];
  for (let i = 0; i < requests.length;) {
    let end = i;
    while (end < requests.length && requests[end].type === 'append') end += 1;
    if (end > i) {
      const group = requests.slice(i, end);
      try {
        const outcomes = writeRequests(group);
        for (const request of group)
          for (const append of request.appends)
            for (const body of append.bodies) walPages += 2 + Math.ceil(body.length / PAGE_BYTES);
        group.forEach((request, k) => replies.push({ id: request.id, outcomes: outcomes[k] }));
      } catch (error) {
        for (const request of group) replies.push({ id: request.id, error: failure(error) });
      }
      i = end;
      continue;
    }
    const request = requests[i];
    i += 1;
    try {
      if (request.type === 'erase') erase(request);
      else db.close(); // 'close': everything sent before it is done
      replies.push({ id: request.id });
    } catch (error) {
      replies.push({ id: request.id, error: failure(error) });
    }
  }
  parentPort.postMessage(replies);
}

/** Every request waiting after `first`, in order. */
function drain(first) {
  const requests = [first];
  for (let next = receiveMessageOnPort(parentPort); next; next = receiveMessageOnPort(parentPort))
    requests.push(next.message);
  return requests;
}

/**
 * Copies the WAL into the database file once enough was written, when no request waits (or
 * when far too much was written to wait longer). A request that arrives during it waits.
 */
function checkpointWhenIdle() {
  if (walPages < CHECKPOINT_PAGES || !db.open) return;
  const waiting = receiveMessageOnPort(parentPort);
  if (waiting && walPages < FORCED_CHECKPOINT_PAGES) return serve(drain(waiting.message));
  walPages = 0;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Nothing is lost: the WAL keeps the commits, and the next checkpoint copies them.
  }
  if (waiting) serve(drain(waiting.message));
}

function serve(requests) {
  handle(requests);
  if (walPages >= CHECKPOINT_PAGES) setImmediate(checkpointWhenIdle);
}

parentPort.on('message', (first) => serve(drain(first)));
