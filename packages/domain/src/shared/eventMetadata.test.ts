import { describe, expect, it } from 'vitest';
import { deriveEventId, eventMetadataFor } from './eventMetadata';

describe('event metadata', () => {
  it('[M2] the n-th event of a command gets a stable id derived from the command’s', () => {
    expect([0, 1, 2].map((i) => deriveEventId('abc', i))).toEqual(['abc', 'abc:2', 'abc:3']);
    const command = { actorId: 'u', now: '2026-01-01T00:00:00.000Z', eventId: 'abc' };
    expect(eventMetadataFor(command, 1)).toEqual({
      eventId: 'abc:2',
      actorId: 'u',
      occurredAt: '2026-01-01T00:00:00.000Z',
    });
    expect(eventMetadataFor(command)).not.toHaveProperty('correlationId');
  });
});
