/**
 * What a page's WebSockets received, as the page meter counts it in the page: the messages,
 * their payload (after any decompression: what the page had to read) and the Socket.IO
 * messages by event name (`ink`, `updated-canvas`, `pointer-moved`, `scene-chunk`, …), so a
 * measuring window shows what the page was handling, and a join what it carried.
 */
import { inPage } from './tabs';
import type { Tab } from './tabs';

export interface FrameCounts {
  payloadBytes: number;
  messages: number;
  byEvent: Record<string, number>;
}

/** What the tab received since the last `takeMessages` (or since its page loaded); starts again. */
export function takeMessages(tab: Tab): Promise<FrameCounts> {
  return inPage<FrameCounts>(tab.page, 'window.__boardBench.takeMessages()');
}

/** How many messages of `event` (of any event when undefined) came since the last take. */
export function messageCount(tab: Tab, event?: string): Promise<number> {
  return inPage<number>(
    tab.page,
    `window.__boardBench.messageCount(${event === undefined ? '' : JSON.stringify(event)})`,
  );
}
