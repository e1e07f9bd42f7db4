/**
 * Runs the event store contract against a real KurrentDB: the one at EVENTSTORE_URL when set,
 * else a throw-away container (testcontainers) when a container runtime answers, else the
 * suite is skipped and says why.
 */
import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { describeEventStoreContract } from './eventStore.contract';
import type { ContractEvent } from './eventStore.contract';
import { openKurrentDbEventStore } from './kurrentDbEventStore';

const IMAGE = process.env.KURRENTDB_IMAGE ?? 'kurrentplatform/kurrentdb:latest';
const GRPC_PORT = 2113;

type Target =
  { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'skip'; reason: string };

async function findTarget(): Promise<Target> {
  const url = process.env.EVENTSTORE_URL;
  // EVENTSTORE_URL may name another store (postgres://…): only a KurrentDB one is used here.
  if (url && /^(kurrentdb|esdb)(\+discover)?:\/\//.test(url)) return { kind: 'url', url };
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer within 5 s')), 5_000).unref(),
    );
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return { kind: 'container' };
  } catch (error) {
    return {
      kind: 'skip',
      reason: `EVENTSTORE_URL is not set and no container runtime answered (${String(error)})`,
    };
  }
}

const target = await findTarget();

if (target.kind === 'skip') {
  console.warn(`[kurrentDbEventStore.container.test] SKIPPED: ${target.reason}`);
  describe.skip('EventStore contract: kurrentdb', () => {
    it('needs EVENTSTORE_URL or a container runtime', () => undefined);
  });
} else {
  describe('kurrentdb event store', () => {
    let url = target.kind === 'url' ? target.url : '';
    let container: StartedTestContainer | undefined;

    beforeAll(async () => {
      if (target.kind !== 'container') return;
      container = await new GenericContainer(IMAGE)
        .withEnvironment({
          KURRENTDB_INSECURE: 'true',
          KURRENTDB_CLUSTER_SIZE: '1',
          KURRENTDB_RUN_PROJECTIONS: 'None',
        })
        .withExposedPorts(GRPC_PORT)
        .withWaitStrategy(
          Wait.forHttp('/health/live', GRPC_PORT).forStatusCodeMatching((s) => s >= 200 && s < 300),
        )
        .withStartupTimeout(120_000)
        .start();
      url = `kurrentdb://${container.getHost()}:${container.getMappedPort(GRPC_PORT)}?tls=false`;
    }, 180_000);

    afterAll(async () => {
      await container?.stop();
    });

    describeEventStoreContract('kurrentdb', () =>
      openKurrentDbEventStore<ContractEvent>({ connectionString: url }),
    );
  });
}
