/**
 * Event metadata from command metadata. A command carries one `eventId`; when it yields
 * several events the first keeps that id and the n-th (n ≥ 2) gets `${eventId}:n`, so a
 * retried command produces the same ids and the event store stores it once.
 */
import type { CommandMetadata, EventMetadata } from './messages';

/** [M2] The id of the event at `index` (0-based) among the events one command produced. */
export function deriveEventId(eventId: string, index: number): string {
  return index === 0 ? eventId : `${eventId}:${index + 1}`;
}

/** [M1] Metadata of the event at `index` (0-based) produced by a command. */
export function eventMetadataFor(command: CommandMetadata, index = 0): EventMetadata {
  const metadata: EventMetadata = {
    eventId: deriveEventId(command.eventId, index),
    actorId: command.actorId,
    occurredAt: command.now,
  };
  if (command.correlationId !== undefined) metadata.correlationId = command.correlationId;
  return metadata;
}
