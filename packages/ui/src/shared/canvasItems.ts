/** A personal canvas as lists show it. `timestamp` is an ISO string or epoch milliseconds. */
export interface CanvasItem {
  id: string;
  name: string;
  timestamp: string | number;
}

/** A live (shared) canvas entry, with the spec's field names. */
export interface LiveCanvasItem {
  canvasId: string;
  canvasName: string;
}

function timeOf(item: CanvasItem): number {
  const time = new Date(item.timestamp).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/** A copy of the list, newest first by timestamp (the spec's order). */
export function sortNewestFirst<T extends CanvasItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => timeOf(b) - timeOf(a));
}

/** A short, locale-aware date and time for a canvas timestamp ('' when unreadable). */
export function formatTimestamp(timestamp: string | number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
