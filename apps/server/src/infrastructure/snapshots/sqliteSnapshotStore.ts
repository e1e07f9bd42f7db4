/**
 * Snapshots in the `scene_snapshots` table of the events file (`<dataDir>/events.sqlite`), on
 * a connection of their own. `secure_delete` is on, so a purged snapshot's pages are zeroed;
 * the event store's erasure checkpoints the WAL afterwards.
 */
import { openBesideTheLog } from '../eventStore/sqliteSchema';
import type { SnapshotStore, StoredSnapshot } from './snapshotStore';

interface SnapshotRow {
  revision: number;
  last_event_id: string;
  body: string;
  digest: string;
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
  const latest = db.prepare<[string, number], SnapshotRow>(
    'SELECT revision, last_event_id, body, digest FROM scene_snapshots WHERE canvas_id = ? AND revision <= ? ORDER BY revision DESC LIMIT 1',
  );
  const put = db.prepare<[string, number, string, string, string]>(
    'INSERT OR REPLACE INTO scene_snapshots (canvas_id, revision, last_event_id, body, digest) VALUES (?, ?, ?, ?, ?)',
  );
  const discardFrom = db.prepare<[string, number]>(
    'DELETE FROM scene_snapshots WHERE canvas_id = ? AND revision >= ?',
  );
  const purge = db.prepare<[string]>('DELETE FROM scene_snapshots WHERE canvas_id = ?');
  const revisions = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM scene_snapshots WHERE canvas_id = ? ORDER BY revision',
  );
  const toStored = (row: SnapshotRow): StoredSnapshot => ({
    revision: row.revision,
    lastEventId: row.last_event_id,
    body: row.body,
    digest: row.digest,
  });
  return {
    async latest(canvasId, atOrBefore) {
      const row = latest.get(canvasId, atOrBefore);
      return row ? toStored(row) : null;
    },
    async put(canvasId, snapshot) {
      put.run(canvasId, snapshot.revision, snapshot.lastEventId, snapshot.body, snapshot.digest);
    },
    async discardFrom(canvasId, revision) {
      discardFrom.run(canvasId, revision);
    },
    async purge(canvasId) {
      purge.run(canvasId);
    },
    async revisions(canvasId) {
      return revisions.all(canvasId).map((row) => row.revision);
    },
    async close() {
      db.close();
    },
  };
}
