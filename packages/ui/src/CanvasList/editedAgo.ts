/** Steps of "edited … ago", largest first: the unit and how many milliseconds it holds. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "edited 5 minutes ago", "edited yesterday", "edited just now" for an edit at `editedAt` (ISO
 * string or epoch ms) seen at `now`; '' when the time is unreadable.
 */
export function editedAgo(editedAt: string | number, now: number): string {
  const time = new Date(editedAt).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now - time);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return `edited ${RELATIVE.format(-Math.floor(elapsed / size), unit)}`;
  }
  return 'edited just now';
}
