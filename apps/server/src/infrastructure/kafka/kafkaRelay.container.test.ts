/**
 * The Kafka relay against a real broker: the one at KAFKA_BROKERS when set, else a throw-away
 * Kafka (KRaft, one broker) in a container when a container runtime answers (testcontainers),
 * else the suite is skipped and says why. What a consumer of the topic sees: every event of
 * the log once, keyed by stream, in the stream's order, with its eventId header; a relay
 * restarted from its checkpoint sends nothing again.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer, Producer } from 'kafkajs';
import { GenericContainer, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tabula/domain';
import { containerTarget } from '../../../test/support/containerRuntime';
import { freePort } from '../../../test/support/postgres';
import { createInMemoryEventStore } from '../eventStore/inMemoryEventStore';
import { createInMemoryReadModelStore } from '../readModels/inMemoryReadModelStore';
import { startKafkaRelay } from './kafkaRelay';

const IMAGE = process.env.KAFKA_IMAGE ?? 'apache/kafka:3.9.1';
const target = await containerTarget('KAFKA_BROKERS', /\S/);

/** One broker and controller; it advertises the host port it is published on. */
async function startKafka(): Promise<{ brokers: string; container: StartedTestContainer }> {
  const port = await freePort();
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    })
    .withExposedPorts({ container: 9092, host: port })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(120_000)
    .start();
  return { brokers: `127.0.0.1:${port}`, container };
}

const event = (stream: string, n: number): Event => ({
  type: 'CanvasRenamed',
  data: { canvasId: stream, name: `n${n}` },
  metadata: { eventId: `${stream}-e${n}`, actorId: 'u', occurredAt: '2026-01-01T00:00:00Z' },
});

if (target.kind === 'skip') {
  console.warn(`[kafkaRelay.container.test] SKIPPED: ${target.reason}`);
  describe.skip('Kafka relay against a real broker', () => {
    it('needs KAFKA_BROKERS or a container runtime', () => undefined);
  });
} else {
  describe('Kafka relay against a real broker', () => {
    let brokers = target.kind === 'url' ? target.url : '';
    let container: StartedTestContainer | undefined;
    let kafka: Kafka;
    let producer: Producer;
    let consumer: Consumer;
    const topic = `tabula-test-${randomUUID()}`;
    const received: { key: string; eventId: string }[] = [];

    beforeAll(async () => {
      if (target.kind === 'container') ({ brokers, container } = await startKafka());
      kafka = new Kafka({
        clientId: 'tabula-test',
        brokers: brokers.split(','),
        logLevel: logLevel.NOTHING,
      });
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
      await admin.disconnect();
      producer = kafka.producer({ idempotent: true });
      await producer.connect();
      consumer = kafka.consumer({ groupId: `tabula-test-${randomUUID()}` });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push({
            key: message.key!.toString(),
            eventId: message.headers!.eventId!.toString(),
          });
        },
      });
    }, 180_000);

    afterAll(async () => {
      await consumer?.disconnect();
      await producer?.disconnect();
      await container?.stop();
    });

    /** Waits until the consumer holds `count` messages (a hang guard, not a verdict). */
    async function receivedCount(count: number): Promise<void> {
      const deadline = Date.now() + 60_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} messages`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it('publishes every event once, keyed by stream and in its order; a restarted relay resumes after its checkpoint', async () => {
      const eventStore = createInMemoryEventStore<Event>();
      const checkpoints = createInMemoryReadModelStore();
      for (const stream of ['canvas-a', 'canvas-b'])
        await eventStore.append(
          stream,
          [1, 2, 3].map((n) => event(stream, n)),
          {
            expectedRevision: 'no_stream',
          },
        );
      const relay = await startKafkaRelay({ eventStore, checkpoints, producer, topic });
      await receivedCount(6);
      relay.stop();

      await eventStore.append('canvas-a', [event('canvas-a', 4)], { expectedRevision: 2 });
      const resumed = await startKafkaRelay({ eventStore, checkpoints, producer, topic });
      await receivedCount(7);
      resumed.stop();

      const ofStream = (key: string) =>
        received.filter((message) => message.key === key).map((message) => message.eventId);
      expect(ofStream('canvas-a')).toEqual([
        'canvas-a-e1',
        'canvas-a-e2',
        'canvas-a-e3',
        'canvas-a-e4',
      ]);
      expect(ofStream('canvas-b')).toEqual(['canvas-b-e1', 'canvas-b-e2', 'canvas-b-e3']);
      expect(received).toHaveLength(7);
    });
  });
}
