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

/** How soon after adding an image its upload's changes still count as adding it. */
export const IMAGE_SETTLE_MS = 60 * 1000;

/** Whether `entry` only changes images that `added` (by the same author, just before) holds. */
function settlesImages(entry: HistoryEntry, added: AddedImages | undefined): boolean {
  if (entry.type !== 'LineDrawn' || !added || added.actorId !== entry.actorId) return false;
  const { summary } = entry;
  if (summary.added.length > 0 || summary.deleted.length > 0 || summary.changed.length === 0)
    return false;
  if (Date.parse(entry.occurredAt) - added.at > IMAGE_SETTLE_MS) return false;
  return summary.changed.every((ref) => ref.type === 'image' && added.ids.has(ref.id));
}

interface AddedImages {
  actorId: string;
  ids: Set<string>;
  at: number;
}

/**
 * The entries (newest first) with an image's upload folded into its adding: Excalidraw commits
 * an image element when it is placed and again as its file is saved ("pending", then "saved"),
 * which would read as 'added 1 image' and two 'changed 1 element'. Those follow-up changes, of
 * only the images just added, by the same author within {@link IMAGE_SETTLE_MS}, are left out,
 * and the adding row takes the newest one's revision (the image as saved).
 */
export function withImageUploadsFolded(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const kept: HistoryEntry[] = [];
  let added: AddedImages | undefined;
  for (let at = entries.length - 1; at >= 0; at -= 1) {
    const entry = entries[at]!;
    if (settlesImages(entry, added)) {
      kept[kept.length - 1] = { ...kept[kept.length - 1]!, revision: entry.revision };
      continue;
    }
    kept.push(entry);
    const images =
      entry.type === 'LineDrawn' ? entry.summary.added.filter((ref) => ref.type === 'image') : [];
    added =
      images.length > 0
        ? {
            actorId: entry.actorId,
            ids: new Set(images.map((ref) => ref.id)),
            at: Date.parse(entry.occurredAt),
          }
        : undefined;
  }
  return kept.reverse();
}

/**
 * The entries (newest first) as the activity list shows them: runs of one author with no pause
 * over {@link SESSION_GAP_MS}, each row in words, with the names given to its revision. An
 * image's upload is part of adding it (`withImageUploadsFolded`).
 */
export function toSessions(
  entries: readonly HistoryEntry[],
  labels: ReadonlyMap<number, string[]> = new Map(),
  format: TimeFormat = {},
): ActivitySession[] {
  const { day, time } = formatters(format);
  const runs: HistoryEntry[][] = [];
  for (const entry of withImageUploadsFolded(entries)) {
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
