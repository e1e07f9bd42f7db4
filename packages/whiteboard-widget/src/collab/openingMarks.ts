/**
 * The steps of opening a canvas that `markOpening` puts on the page's performance timeline:
 * the client started, the join sent and answered, the scene received and applied, the editor
 * given its first scene (`mounting`) and showing it (`ready`: the editor's first report).
 */
export type OpeningStep =
  'started' | 'join-sent' | 'join-answered' | 'scene-received' | 'applied' | 'mounting' | 'ready';

/**
 * Marks a step of opening a canvas as `tabula:<step>` on the performance timeline, where
 * DevTools' Performance panel shows it and the board benchmark reads where an open spends its
 * time. Only the latest mark of each step is kept, so a long-lived client never piles them up.
 */
export function markOpening(step: OpeningStep): void {
  const timeline = globalThis.performance;
  if (typeof timeline?.mark !== 'function') return;
  const name = `tabula:${step}`;
  timeline.clearMarks(name);
  timeline.mark(name);
}
