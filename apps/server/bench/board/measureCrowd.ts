/**
 * The crowd case of the board benchmark, on a board both tabs have open: 48 people join the
 * room; with them quiet, the receiving tab is measured idle and the drawing tab draws the
 * scripted stroke (the pointer moves its page handles); then with 30 cursors at 20 Hz and one
 * of them drawing at 60 Hz, the same two windows again.
 */
import { joinCrowd } from './crowd';
import type { CrowdStats } from './crowd';
import { idleWindow, settleBoth, strokeWindow, waitForMessages } from './measureBoard';
import type { BoardTabs, StrokeWindow } from './measureBoard';
import { takeMessages } from './socketFrames';
import type { Tab } from './tabs';
import type { WindowSummary } from './frames';

export interface CrowdPhase {
  idle: { receiver: WindowSummary; drawer: WindowSummary };
  stroke: StrokeWindow;
  settled: boolean;
}

async function phase(
  tabs: BoardTabs,
  draw: (tab: Tab) => Promise<void>,
  settle: boolean,
): Promise<CrowdPhase> {
  // With the crowd moving, the tabs are never without work: only quiet tabs are settled.
  const settled = settle ? await settleBoth(tabs) : true;
  const idle = await idleWindow(tabs);
  const stroke = await strokeWindow(tabs, draw);
  return { idle, stroke, settled };
}

export async function measureCrowd(
  tabs: BoardTabs,
  draw: (tab: Tab) => Promise<void>,
  room: { url: string; canvasId: string; revision: number; tokens: string[] },
): Promise<{ quiet: CrowdPhase; crowd: CrowdPhase; crowdSent: CrowdStats }> {
  const crowd = await joinCrowd(room.url, room.canvasId, room.revision, room.tokens);
  try {
    const quiet = await phase(tabs, draw, true);
    await settleBoth(tabs);
    await takeMessages(tabs.receiver);
    crowd.start();
    // The crowd is on the receiving tab's screen before its window opens.
    await waitForMessages(tabs.receiver, undefined, 40);
    const loaded = await phase(tabs, draw, false);
    const crowdSent = await crowd.stop();
    return { quiet, crowd: loaded, crowdSent };
  } finally {
    await crowd.close();
  }
}
