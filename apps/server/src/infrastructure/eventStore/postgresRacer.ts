/**
 * Child process of the several-processes tests of the PostgreSQL store. Prints `ready` once
 * its store is open, then:
 * - `race <url> <stream> <writer>`: for each stdin line `round <r> <expected>`, appends one
 *   event to <stream> expecting that revision and prints `won <r>` or `lost <r> <actual>`;
 * - `flood <url> <stream> <count>`: on the stdin line `go`, appends <count> one-event batches
 *   to <stream> one after the other and prints `done`.
 * Usage: `node --import tsx postgresRacer.ts <mode> <url> <stream> <n>`.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';

import { WrongExpectedVersionError } from './eventStore';
import type { ExpectedRevision, StorableEvent } from './eventStore';
import { openPostgresEventStore } from './postgresEventStore';

const event = (data: object): StorableEvent => ({
  type: 'Raced',
  data,
  metadata: { eventId: randomUUID() },
});

async function main(): Promise<void> {
  const [mode, url, stream, n] = process.argv.slice(2);
  if (!url || !stream || !n || (mode !== 'race' && mode !== 'flood')) {
    throw new Error('usage: postgresRacer race|flood <url> <stream> <writer|count>');
  }
  const store = await openPostgresEventStore({ connectionString: url, poolSize: 2 });
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  say('ready');

  for await (const line of createInterface({ input: process.stdin })) {
    const [command, round, expected] = line.split(' ');
    if (command === 'go' && mode === 'flood') {
      for (let i = 0; i < Number(n); i += 1) {
        await store.append(stream, [event({ i })], { expectedRevision: 'any' });
      }
      say('done');
    } else if (command === 'round' && mode === 'race') {
      const expectedRevision: ExpectedRevision =
        expected === 'no_stream' ? 'no_stream' : Number(expected);
      try {
        await store.append(stream, [event({ writer: n, round })], { expectedRevision });
        say(`won ${round}`);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        say(`lost ${round} ${String(error.actual)}`);
      }
    }
  }
  await store.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
