/**
 * What the PostgreSQL event store's test files share: on the file's cluster, a fresh database
 * per case, stores and plain connections opened on it (closed after each case), and
 * subscriptions whose records are collected (stopped after each case).
 */
import { randomUUID } from 'node:crypto';

import pg from 'pg';
import type { Subscription } from 'rxjs';
import { afterEach, vi } from 'vitest';

import type { ContractEvent } from '../../src/infrastructure/eventStore/contractEvents';
import type { RecordedEvent } from '../../src/infrastructure/eventStore/eventStore';
import { openPostgresEventStore } from '../../src/infrastructure/eventStore/postgresEventStore';
import type { PostgresEventStore } from '../../src/infrastructure/eventStore/postgresEventStore';
import type { TestPostgres } from './postgres';

/** Resolves once `condition` holds (15 s at most). */
export const until = (condition: () => boolean | Promise<boolean>): Promise<boolean> =>
  vi.waitUntil(condition, { timeout: 15_000, interval: 20 });

/** The `n` of each record, in order. */
export const numbers = (events: RecordedEvent<ContractEvent>[]): number[] =>
  events.map((r) => r.event.data.n);

/** Call inside a `describe`: its `afterEach` closes what the cases opened. */
export function postgresCases(cluster: () => TestPostgres) {
  const opened: { close(): Promise<unknown> }[] = [];
  const subscriptions: Subscription[] = [];
  afterEach(async () => {
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    await Promise.all(opened.splice(0).map((o) => o.close()));
  });
  return {
    /** A fresh database per case: positions in it are this case's alone. */
    freshDatabase(): Promise<string> {
      return cluster().createDatabase(`case_${randomUUID().replaceAll('-', '')}`);
    },
    async store(url: string, pollIntervalMs = 3_600_000) {
      const opening = await openPostgresEventStore<ContractEvent>({
        connectionString: url,
        pollIntervalMs,
      });
      opened.push(opening);
      return opening;
    },
    async client(url: string): Promise<pg.Client> {
      const connected = new pg.Client({ connectionString: url });
      connected.on('error', () => undefined);
      await connected.connect();
      opened.push({ close: () => connected.end() });
      return connected;
    },
    /** Stops the subscription after the case. */
    stopAfterCase(subscription: Subscription): void {
      subscriptions.push(subscription);
    },
    /** Closes (or stops) it after the case. */
    closeAfterCase(resource: { close(): Promise<unknown> }): void {
      opened.push(resource);
    },
    /** Every record `from` delivers after `fromPosition`, as they come. */
    collect(
      from: PostgresEventStore<ContractEvent>,
      fromPosition = 0,
    ): RecordedEvent<ContractEvent>[] {
      const seen: RecordedEvent<ContractEvent>[] = [];
      subscriptions.push(from.subscribeToAll({ fromPosition }).subscribe((r) => seen.push(r)));
      return seen;
    },
  };
}
