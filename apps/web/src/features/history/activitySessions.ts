import type { ActivitySession } from '@tabula/ui';
import type { Checkpoint, HistoryEntry } from '@tabula/domain/protocol';
import { describeEntry } from './activityText';

/** A pause longer than this (or another author) starts a new session. */
export const SESSION_GAP_MS = 10 * 60 * 1000;

/** How times read: the user's locale and zone unless told (tests pin them). */
export interface TimeFormat {
  locale?: string;
  timeZone?: string;
}

function formatters({ locale, timeZone }: TimeFormat) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  return { day: (d: Date) => day.format(d), time: (d: Date) => time.format(d) };
}

/** The names given to each revision. */
export function labelsByRevision(checkpoints: readonly Checkpoint[]): Map<number, string[]> {
  const labels = new Map<number, string[]>();
  for (const { revision, label } of checkpoints) {
    labels.set(revision, [...(labels.get(revision) ?? []), label]);
  }
  return labels;
}

/**
 * The entries (newest first) as the activity list shows them: runs of one author with no pause
 * over {@link SESSION_GAP_MS}, each row in words, with the names given to its revision.
 */
export function toSessions(
  entries: readonly HistoryEntry[],
  labels: ReadonlyMap<number, string[]> = new Map(),
  format: TimeFormat = {},
): ActivitySession[] {
  const { day, time } = formatters(format);
  const runs: HistoryEntry[][] = [];
  for (const entry of entries) {
    const run = runs[runs.length - 1];
    const later = run?.[run.length - 1];
    const gap = later ? Date.parse(later.occurredAt) - Date.parse(entry.occurredAt) : Infinity;
    if (run && later?.actorId === entry.actorId && gap <= SESSION_GAP_MS) run.push(entry);
    else runs.push([entry]);
  }
  return runs.map((run) => {
    const newest = new Date(run[0]!.occurredAt);
    const oldest = new Date(run[run.length - 1]!.occurredAt);
    const span = time(oldest) === time(newest) ? time(newest) : `${time(oldest)} – ${time(newest)}`;
    const sameDay = day(oldest) === day(newest);
    return {
      id: String(run[0]!.revision),
      author: run[0]!.actorName,
      when: sameDay ? `${day(newest)}, ${span}` : `${day(oldest)} – ${day(newest)}`,
      items: run.map((entry) => ({
        revision: entry.revision,
        text: describeEntry(entry),
        occurredAt: entry.occurredAt,
        time: time(new Date(entry.occurredAt)),
        labels: labels.get(entry.revision),
      })),
    };
  });
}

/** The label of the one-click restore on a 'cleared the canvas' row. */
export const UNDO_CLEAR_LABEL = 'Undo the clear';

/**
 * For the owner, each 'cleared the canvas' row gets a one-click Undo the clear: restoring the
 * revision just before it brings back what was there.
 */
export function withUndoClear(
  sessions: ActivitySession[],
  entries: readonly HistoryEntry[],
  owner: boolean,
  restore: (revision: number) => void,
): ActivitySession[] {
  if (!owner) return sessions;
  const cleared = new Set(
    entries
      .filter((entry) => entry.type === 'LineDrawn' && entry.summary.cleared)
      .map((entry) => entry.revision),
  );
  if (cleared.size === 0) return sessions;
  return sessions.map((session) => ({
    ...session,
    items: session.items.map((item) =>
      cleared.has(item.revision)
        ? {
            ...item,
            action: { label: UNDO_CLEAR_LABEL, onClick: () => restore(item.revision - 1) },
          }
        : item,
    ),
  }));
}
