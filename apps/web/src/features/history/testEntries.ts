import type { HistoryEntry } from '@tabula/domain/protocol';

/** A `LineDrawn` entry for tests: `minute` minutes after 10:00 UTC on 23 Nov 2026. */
export function drawn(revision: number, actor = 'u1', minute = revision, added = 1): HistoryEntry {
  return {
    revision,
    type: 'LineDrawn',
    actorId: actor,
    actorName: actor === 'u1' ? 'maria' : 'sam',
    occurredAt: new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString(),
    summary: {
      added: Array.from({ length: added }, (_, i) => ({
        id: `e${revision}-${i}`,
        type: 'rectangle',
      })),
      changed: [],
      deleted: [],
    },
  };
}
