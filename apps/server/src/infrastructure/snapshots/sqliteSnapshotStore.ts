/**
 * Snapshots in the `scene_snapshots` table of the events file (`<dataDir>/events.sqlite`), on
 * a connection of their own. A body is stored in parts (`scene_snapshot_parts`, about
 * `SNAPSHOT_PART_CHARS` each, cut at element boundaries) so that a load reads it one part per
 * step: one read of a 45 MB row holds the thread for a tenth of a second or more. A body of one
 * part, and rows written before parts existed, stay in `scene_snapshots.body` (`parts` 0).
 * `secure_delete` is on, so a purged snapshot's pages are zeroed; the event store's erasure
 * checkpoints the WAL afterwards.
 */
import { openBesideTheLog } from '../eventStore/sqliteSchema';
import { bodyParts } from './snapshotStore';
import type { SnapshotInParts, SnapshotStore, StoredSnapshot } from './snapshotStore';

interface HeaderRow {
  revision: number;
  last_event_id: string;
  digest: string;
  parts: number;
}

export function openSqliteSnapshotStore(options: { dataDir: string }): SnapshotStore {
  const db = openBesideTheLog(options.dataDir);
  // A cache, rebuilt from the log when lost: no fsync per snapshot.
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS scene_snapshots (
    canvas_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    last_event_id TEXT NOT NULL,
    body TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (canvas_id, revision)
  ) WITHOUT ROWID`);
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(scene_snapshots)').all();
  if (!columns.some((column) => column.name === 'parts'))
    db.exec('ALTER TABLE scene_snapshots ADD COLUMN parts INTEGER NOT NULL DEFAULT 0');
  db.exec(`CREATE TABLE IF NOT EXISTS scene_snapshot_parts (
    canvas_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    part INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (canvas_id, revision, part)
  ) WITHOUT ROWID`);
  const header = db.prepare<[string, number], HeaderRow>(
    'SELECT revision, last_event_id, digest, parts FROM scene_snapshots WHERE canvas_id = ? AND revision <= ? ORDER BY revision DESC LIMIT 1',
  );
  const wholeBody = db.prepare<[string, number], { body: string }>(
    'SELECT body FROM scene_snapshots WHERE canvas_id = ? AND revision = ?',
  );
  const part = db.prepare<[string, number, number], { body: string }>(
    'SELECT body FROM scene_snapshot_parts WHERE canvas_id = ? AND revision = ? AND part = ?',
  );
  const putHeader = db.prepare<[string, number, string, string, string, number]>(
    'INSERT OR REPLACE INTO scene_snapshots (canvas_id, revision, last_event_id, body, digest, parts) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const putPart = db.prepare<[string, number, number, string]>(
    'INSERT INTO scene_snapshot_parts (canvas_id, revision, part, body) VALUES (?, ?, ?, ?)',
  );
  const discardParts = db.prepare<[string, number]>(
    'DELETE FROM scene_snapshot_parts WHERE canvas_id = ? AND revision >= ?',
  );
  const discardFrom = db.prepare<[string, number]>(
    'DELETE FROM scene_snapshots WHERE canvas_id = ? AND revision >= ?',
  );
  const dropParts = db.prepare<[string, number]>(
    'DELETE FROM scene_snapshot_parts WHERE canvas_id = ? AND revision = ?',
  );
  const revisions = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM scene_snapshots WHERE canvas_id = ? ORDER BY revision',
  );
  const put = db.transaction((canvasId: string, snapshot: StoredSnapshot) => {
    const parts = bodyParts(snapshot.body);
    const { revision, lastEventId, digest } = snapshot;
    dropParts.run(canvasId, revision);
    if (parts.length <= 1)
      return putHeader.run(canvasId, revision, lastEventId, snapshot.body, digest, 0);
    parts.forEach((body, index) => putPart.run(canvasId, revision, index, body));
    putHeader.run(canvasId, revision, lastEventId, '', digest, parts.length);
  });
  const discard = db.transaction((canvasId: string, revision: number) => {
    discardParts.run(canvasId, revision);
    discardFrom.run(canvasId, revision);
  });

  /** The body's parts, read one at a time (a row written before parts: its body whole). */
  async function* partsOf(canvasId: string, row: HeaderRow): AsyncGenerator<string> {
    if (row.parts === 0) {
      const legacy = wholeBody.get(canvasId, row.revision);
      if (legacy) yield legacy.body;
      return;
    }
    for (let index = 0; index < row.parts; index += 1) {
      const read = part.get(canvasId, row.revision, index);
      if (!read) throw new Error(`Snapshot ${canvasId}@${row.revision} misses part ${index}`);
      yield read.body;
    }
  }

  function inParts(canvasId: string, row: HeaderRow): SnapshotInParts {
    return {
      revision: row.revision,
      lastEventId: row.last_event_id,
      digest: row.digest,
      parts: () => partsOf(canvasId, row),
    };
  }

  return {
    async latestInParts(canvasId, atOrBefore) {
      const row = header.get(canvasId, atOrBefore);
      return row ? inParts(canvasId, row) : null;
    },
    async latest(canvasId, atOrBefore) {
      const row = header.get(canvasId, atOrBefore);
      if (!row) return null;
      let body = '';
      for await (const piece of partsOf(canvasId, row)) body += piece;
      return { revision: row.revision, lastEventId: row.last_event_id, body, digest: row.digest };
    },
    async put(canvasId, snapshot) {
      put(canvasId, snapshot);
    },
    async discardFrom(canvasId, revision) {
      discard(canvasId, revision);
    },
    async purge(canvasId) {
      discard(canvasId, Number.MIN_SAFE_INTEGER);
    },
    async revisions(canvasId) {
      return revisions.all(canvasId).map((row) => row.revision);
    },
    async close() {
      db.close();
    },
  };
}
