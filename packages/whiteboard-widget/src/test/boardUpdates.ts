/** What a test tab's editor and transport were given, counted for the receiving-cost tests. */
import type { TestTab } from './testBoard';

/** Records the size of every scene the tab's editor is given (the length `update` returns). */
export function recordUpdates(tab: TestTab): number[] {
  const sizes: number[] = [];
  const board = tab.board;
  const updateScene = board.updateScene.bind(board);
  board.updateScene = (update, onApplied) =>
    updateScene((current) => {
      const next = update(current);
      if (next !== null) sizes.push(next.length);
      return next;
    }, onApplied);
  return sizes;
}

/** Counts the tab's messages of `event`. */
export function countMessages(tab: TestTab, event: 'ink' | 'updated-canvas'): () => number {
  let count = 0;
  tab.transport.events(event).subscribe(() => (count += 1));
  return () => count;
}
