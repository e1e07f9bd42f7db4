/**
 * Child process of the crash test: appends through the SQLite store as fast as it can and
 * prints `ack <eventId>` for each event once its append has resolved (after COMMIT), until
 * it is killed. Usage: `tsx crashWriter.ts <dataDir> <runId>` (the test runs
 * it bundled, with plain node).
 */
import { openSqliteEventStore } from '../sqliteEventStore';
import type { StorableEvent } from '../eventStore';

const WRITERS = 4;

async function main(): Promise<void> {
  const [dataDir, runId] = process.argv.slice(2);
  if (!dataDir || !runId) throw new Error('usage: crashWriter <dataDir> <runId>');
  const store = openSqliteEventStore<StorableEvent>({ dataDir });
  process.stdout.write('ready\n');

  const writer = async (w: number): Promise<never> => {
    const stream = `crash-${w}`;
    const existing = await store.readStream(stream);
    let revision: number | 'no_stream' = existing.length === 0 ? 'no_stream' : existing.length - 1;
    for (let n = 0; ; n += 1) {
      const size = 1 + (n % 3); // batches of 1 to 3 events, stored atomically
      const events = Array.from({ length: size }, (_, i) => ({
        type: 'CrashTested',
        data: { w, n, i, pad: 'p'.repeat(200) },
        metadata: { eventId: `${runId}-${w}-${n}-${i}` },
      }));
      const { nextRevision } = await store.append(stream, events, { expectedRevision: revision });
      revision = nextRevision;
      process.stdout.write(events.map((e) => `ack ${e.metadata.eventId}\n`).join(''));
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
