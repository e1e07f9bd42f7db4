/**
 * One server start for the start-up benchmark, in a process of its own so that its memory is
 * its own: `tsx bench/startup/probe.ts <dataDir> <snapshotInterval> [readOnly]`. Prints one
 * JSON line: how long the app took to start (read models caught up with the log), its RSS
 * then, and how long each canvas's first scene load took (what the first `join-canvas` of a
 * canvas waits for). `readOnly`: only reads the whole log in pages (the baseline);
 * `fullReplay`: ignores the read models saved beside the log (as before they were saved).
 */
import path from 'node:path';
import { createApp } from '../../src/app';
import { openSqliteEventStore } from '../../src/infrastructure/eventStore/sqliteEventStore';
import { createInMemoryReadModelStore } from '../../src/infrastructure/readModels/index';
import { createInMemoryPresenceStore } from '../../src/features/presence/index';
import {
  ReadModelsSaver,
  loadReadModels,
} from '../../src/infrastructure/readModels/readModelsFile';
import { PROJECTIONS } from '../../src/projections/index';
import { openSqliteSnapshotStore } from '../../src/infrastructure/snapshots/sqliteSnapshotStore';
import type { Event } from '@tabula/domain';

const [dataDir, interval, mode] = process.argv.slice(2);
const started = performance.now();
const eventStore = openSqliteEventStore<Event>({ dataDir: dataDir! });
if (mode === 'readOnly') {
  let position = 0;
  for (;;) {
    const page = await eventStore.readAll({ fromPosition: position, maxCount: 500 });
    if (page.length === 0) break;
    position = page[page.length - 1]!.position;
  }
  console.log(JSON.stringify({ readMs: performance.now() - started }));
} else {
  const snapshots = openSqliteSnapshotStore({ dataDir: dataDir! });
  const file = path.join(dataDir!, 'read-models.json');
  const names = PROJECTIONS.map((projection) => projection.name);
  const saved = mode === 'fullReplay' ? undefined : await loadReadModels(file, eventStore, names);
  const readModels = createInMemoryReadModelStore(saved);
  const saver = new ReadModelsSaver(file, readModels, names);
  const app = await createApp({
    eventStore,
    readModels,
    onProjected: (record) => saver.applied(record),
    presence: createInMemoryPresenceStore(),
    snapshots,
    snapshotInterval: Number(interval),
    logError: (error) => console.error(error),
  });
  const startMs = performance.now() - started;
  const rssMb = process.memoryUsage().rss / 1e6;
  // The highest RSS the process had during the start (maxRSS is in kB).
  const peakRssMb = (process.resourceUsage().maxRSS * 1024) / 1e6;
  const loads: number[] = [];
  for (let canvas = 0; canvas < Number(process.env.PROBE_CANVASES ?? 20); canvas += 1) {
    const loadStarted = performance.now();
    await app.context.scenes.of(`canvas-${canvas}`);
    loads.push(performance.now() - loadStarted);
  }
  // Snapshots the writer and the loads asked for, written before the next start.
  await app.context.snapshotsSettled();
  await app.close();
  saver.close();
  await snapshots.close();
  console.log(JSON.stringify({ startMs, rssMb, peakRssMb, loads }));
}
await eventStore.close();
