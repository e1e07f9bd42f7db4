/**
 * The optional Kafka relay (KAFKA_BROKERS): tails the event log from its checkpoint and
 * publishes every event to one topic, keyed by stream so a stream's events stay in order in
 * one partition. The checkpoint is stored (in the read-model store) only after Kafka has
 * acknowledged, so a crash re-publishes at most the last batch: consumers dedupe by the
 * `eventId` header. Other systems (analytics, search, audit exports) subscribe there
 * without touching the event store.
 */
import type { Producer } from 'kafkajs';
import { bufferTime, concatMap, filter, from } from 'rxjs';
import type { Subscription } from 'rxjs';
import type { Event } from '@tabula/domain';
import type { EventStore, RecordedEvent } from '../eventStore/eventStore';
import type { ReadModelStore } from '../readModels/readModelStore';

export const KAFKA_RELAY_CHECKPOINT = 'kafka-relay';
export const DEFAULT_TOPIC = 'tabula.events';

export interface KafkaRelayOptions {
  eventStore: EventStore<Event>;
  /** Where the relay keeps its checkpoint. */
  checkpoints: ReadModelStore;
  /** A connected kafkajs producer (idempotent is recommended). */
  producer: Producer;
  topic?: string;
  onError?: (error: unknown) => void;
}

export function toKafkaMessage(record: RecordedEvent<Event>) {
  return {
    key: record.streamName,
    value: JSON.stringify({
      ...record.event,
      streamName: record.streamName,
      revision: record.revision,
      position: record.position,
    }),
    headers: { eventId: record.event.metadata.eventId, type: record.event.type },
  };
}

export interface KafkaRelay {
  stop(): void;
}

export async function startKafkaRelay(options: KafkaRelayOptions): Promise<KafkaRelay> {
  const topic = options.topic ?? DEFAULT_TOPIC;
  const from$ = (await options.checkpoints.getCheckpoint(KAFKA_RELAY_CHECKPOINT)) ?? 0;
  const subscription: Subscription = options.eventStore
    .subscribeToAll({ fromPosition: from$ })
    .pipe(
      bufferTime(50, undefined, 500),
      filter((batch) => batch.length > 0),
      concatMap((batch) =>
        from(
          (async () => {
            await options.producer.send({ topic, acks: -1, messages: batch.map(toKafkaMessage) });
            await options.checkpoints.commit(
              KAFKA_RELAY_CHECKPOINT,
              batch[batch.length - 1]!.position,
              [],
            );
          })(),
        ),
      ),
    )
    .subscribe({ error: (error) => (options.onError ?? console.error)(error) });
  return { stop: () => subscription.unsubscribe() };
}
