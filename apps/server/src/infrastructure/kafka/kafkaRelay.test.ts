import type { Producer, ProducerRecord } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import type { Event } from '@tabula/domain';
import { createInMemoryEventStore } from '../eventStore/inMemoryEventStore';
import { createInMemoryReadModelStore } from '../readModels/inMemoryReadModelStore';
import { KAFKA_RELAY_CHECKPOINT, startKafkaRelay } from './kafkaRelay';

// A stand-in producer that records what it is asked to send (a pure unit test; the real
// broker is exercised by kafkaRelay.container.test.ts where a container runtime or KAFKA_BROKERS exists).
function recordingProducer() {
  const sent: ProducerRecord[] = [];
  const producer = {
    send: async (record: ProducerRecord) => (sent.push(record), []),
  } as unknown as Producer;
  return { producer, sent };
}

const event = (n: number): Event => ({
  type: 'CanvasRenamed',
  data: { canvasId: 'c', name: `n${n}` },
  metadata: { eventId: `e${n}`, actorId: 'u', occurredAt: '2026-01-01T00:00:00Z' },
});

/**
 * Waits until `check` holds, looking again after each turn of the event loop. The deadline only
 * turns a hang into a clear failure; the assertions after it give the verdict.
 */
async function until(check: () => boolean | Promise<boolean>, hangMs = 15_000): Promise<void> {
  const deadline = Date.now() + hangMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${hangMs} ms: ${check}`);
    await new Promise(setImmediate);
  }
}

describe('Kafka relay', () => {
  it('publishes every event keyed by stream with its eventId header, then stores its checkpoint', async () => {
    const eventStore = createInMemoryEventStore<Event>();
    const checkpoints = createInMemoryReadModelStore();
    const { producer, sent } = recordingProducer();
    await eventStore.append('canvas-c', [event(1), event(2)], { expectedRevision: 'no_stream' });
    const relay = await startKafkaRelay({ eventStore, checkpoints, producer });
    await until(() => sent.flatMap((record) => record.messages).length === 2);
    const messages = sent.flatMap((record) => record.messages);
    expect(messages.map((message) => [message.key, message.headers?.eventId])).toEqual([
      ['canvas-c', 'e1'],
      ['canvas-c', 'e2'],
    ]);
    const last = (await eventStore.readAll()).at(-1)!.position;
    await until(async () => (await checkpoints.getCheckpoint(KAFKA_RELAY_CHECKPOINT)) === last);
    expect(await checkpoints.getCheckpoint(KAFKA_RELAY_CHECKPOINT)).toBe(last);
    relay.stop();
  });

  it('resumes after its checkpoint: nothing already published is sent again', async () => {
    const eventStore = createInMemoryEventStore<Event>();
    const checkpoints = createInMemoryReadModelStore();
    await eventStore.append('canvas-c', [event(1)], { expectedRevision: 'no_stream' });
    const first = recordingProducer();
    const relay = await startKafkaRelay({ eventStore, checkpoints, producer: first.producer });
    await until(() => first.sent.length === 1);
    await until(async () => (await checkpoints.getCheckpoint(KAFKA_RELAY_CHECKPOINT)) !== null);
    relay.stop();
    await eventStore.append('canvas-c', [event(2)], { expectedRevision: 0 });
    const second = recordingProducer();
    const resumed = await startKafkaRelay({ eventStore, checkpoints, producer: second.producer });
    await until(() => second.sent.length === 1);
    expect(
      second.sent.flatMap((record) => record.messages).map((message) => message.headers?.eventId),
    ).toEqual(['e2']);
    resumed.stop();
  });
});
