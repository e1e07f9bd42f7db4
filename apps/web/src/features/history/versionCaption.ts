import type { HistoryEntry } from '@tabula/domain/protocol';
import { describeEntry } from './activityText';

/** When an entry happened, as the user reads it (undefined without an entry). */
export function whenOf(entry: HistoryEntry | undefined): string | undefined {
  return entry
    ? new Date(entry.occurredAt).toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : undefined;
}

/** What the bar under the player says about the version it shows. */
export function versionCaption(
  shown: number | null,
  /** The shown revision looks as the canvas does now. */
  isLatest: boolean,
  entry: HistoryEntry | undefined,
): string {
  if (shown === null) return 'Loading the history…';
  const what = entry ? ` · ${entry.actorName || 'A deleted account'} ${describeEntry(entry)}` : '';
  if (isLatest) return `The canvas as it is now (revision ${shown})${what}`;
  const when = whenOf(entry);
  return `Revision ${shown}${when ? ` · ${when}` : ''}${what}`;
}
