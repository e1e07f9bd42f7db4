/** The events and streams the event store contract (`eventStore.contract.ts`) writes. */
import { randomUUID } from 'node:crypto';

/** The event shape used by the contract; the domain's `Event` has the same form. */
export interface ContractEvent {
  type: string;
  data: { n: number; blob?: string };
  metadata: { eventId: string; actorId: string; occurredAt: string };
}

/** Event `n` of a case, with an optional payload (`blob`) to make it large. */
export function testEvent(n: number, blob?: string): ContractEvent {
  return {
    type: 'ContractTested',
    data: blob === undefined ? { n } : { n, blob },
    metadata: {
      eventId: randomUUID(),
      actorId: 'contract',
      occurredAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

/** A fresh stream: cases never share one, even on a server that already holds events. */
export function streamName(): string {
  return `contract-${randomUUID()}`;
}
