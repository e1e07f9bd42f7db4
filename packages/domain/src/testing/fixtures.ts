/** Metadata builders for tests: a fixed clock, readable ids. */
import type { CommandMetadata, EventMetadata } from '../shared/messages';

/** The instant every test command happens at. */
export const TEST_NOW = '2026-01-01T12:00:00.000Z';

/** Command metadata for `actorId`, producing event id `eventId`. */
export function commandMeta(actorId: string, eventId = 'evt-1', now = TEST_NOW): CommandMetadata {
  return { actorId, eventId, now };
}

/** Event metadata as a command from `actorId` with `eventId` (at `TEST_NOW`) yields it. */
export function eventMeta(
  actorId: string,
  eventId = 'evt-1',
  occurredAt = TEST_NOW,
): EventMetadata {
  return { actorId, eventId, occurredAt };
}
