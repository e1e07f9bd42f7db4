import type { HistoryEntry } from '@tabula/domain/protocol';
import { describeEntry } from './activityText';

/** What the bar under the player says about the version it shows. */
export function versionCaption(
  shown: number | null,
  latest: number | null,
  entry: HistoryEntry | undefined,
): string {
  if (shown === null) return 'Loading the history…';
  const what = entry ? ` · ${entry.actorName || 'A deleted account'} ${describeEntry(entry)}` : '';
  const when = entry
    ? ` · ${new Date(entry.occurredAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`
    : '';
  if (shown === latest) return `The canvas as it is now (revision ${shown})${what}`;
  return `Revision ${shown}${when}${what}`;
}
