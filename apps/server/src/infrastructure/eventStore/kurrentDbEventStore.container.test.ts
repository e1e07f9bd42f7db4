/**
 * Runs the event store contract against a real KurrentDB: the one at EVENTSTORE_URL when set,
 * else a throw-away container (testcontainers) when a container runtime answers, else the
 * suite is skipped and says why.
 */
import { GenericContainer, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { containerTarget } from '../../../test/support/containerRuntime';

import { describeEventStoreContract } from './eventStore.contract';
import type { ContractEvent } from './contractEvents';
import { openKurrentDbEventStore } from './kurrentDbEventStore';

const IMAGE = process.env.KURRENTDB_IMAGE ?? 'kurrentplatform/kurrentdb:latest';
const GRPC_PORT = 2113;

// EVENTSTORE_URL may name another store (postgres://…): only a KurrentDB one is used here.
const target = await containerTarget('EVENTSTORE_URL', /^(kurrentdb|esdb)(\+discover)?:\/\//);

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
