/**
 * One board of the board benchmark, in order: the time to open it in the app against plain
 * Excalidraw loading the same scene (alternated, the receiving tab and the plain page each
 * alone in the browser); the drawing tab opens it through the counting proxy (the join's bytes
 * on the wire); both tabs idle for a window; then the drawing tab draws the scripted 3-s stroke
 * while both are measured, and the receiving tab's answer after pen-up.
 */
import { median, round } from '../gateway/stats';
import { bestByFps } from './frames';
import type { WindowSummary } from './frames';
import { messageCount, takeMessages } from './socketFrames';
import type { FrameCounts } from './socketFrames';
import {
  answerMs,
  guard,
  leave,
  openBoard,
  openBoardTimed,
  readyToDraw,
  settle,
  startWindows,
  stopWindows,
} from './tabs';
import { profiled } from './tabs';
import type { Area, DownloadTiming, Tab } from './tabs';
import type { WireCounter } from './wireCounter';

/** How long an idle window lasts (BENCH_BOARD_WINDOW_MS). */
export const WINDOW_MS = Number(process.env.BENCH_BOARD_WINDOW_MS ?? 3000);
/** A hang guard for a message to reach the receiving tab. */
const MESSAGE_GUARD_MS = 90_000;

export interface BoardTabs {
  receiver: Tab;
  drawer: Tab;
  plain: Tab;
  /** Where the app's board is on its page: the plain page's editor gets the same size. */
  area: Area;
}

export interface BoardUnderTest {
  canvasId: string;
  count: number;
  /** The name the plain page's server knows the same scene by. */
  plainScene: string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const livePath = (canvasId: string) => `/livecanvas/${encodeURIComponent(canvasId)}`;

/** Open times of the app and of plain Excalidraw, alternated (ABBA when two rounds). */
export async function measureOpens(tabs: BoardTabs, board: BoardUnderTest, rounds: number) {
  const tabulaMs: number[] = [];
  const plainMs: number[] = [];
  const downloads: DownloadTiming[] = [];
  const tabula = async () => {
    const path = livePath(board.canvasId);
    const opened = await openBoardTimed(tabs.receiver, path, 'tabula', board.count);
    tabulaMs.push(opened.openMs);
    downloads.push(opened.download);
  };
  const { width, height } = tabs.area;
  const plainPath = `/?scene=${board.plainScene}&w=${Math.round(width)}&h=${Math.round(height)}`;
  const plain = async () => {
    plainMs.push(await openBoard(tabs.plain, plainPath, 'plain', board.count));
    await leave(tabs.plain);
  };
  for (let round = 0; round < rounds; round++) {
    // The receiving tab ends on the board, open: the measurements that follow need it.
    const last = round === rounds - 1;
    if (round % 2 === 0 && !last) {
      await tabula();
      await leave(tabs.receiver);
      await plain();
    } else {
      await plain();
      await tabula();
      if (!last) await leave(tabs.receiver);
    }
  }
  const tabulaMedian = median(tabulaMs);
  const plainMedian = median(plainMs);
  return {
    tabulaMs: tabulaMs.map((ms) => round(ms, 0)),
    plainExcalidrawMs: plainMs.map((ms) => round(ms, 0)),
    tabulaMedianMs: round(tabulaMedian ?? NaN, 0),
    plainExcalidrawMedianMs: round(plainMedian ?? NaN, 0),
    /** Where each app open spent its time (see `DownloadTiming`). */
    tabulaOpenSteps: downloads,
  };
}

/** The drawing tab opens the board through the counting proxy: what its join carried. */
export async function measureJoin(tab: Tab, wire: WireCounter, board: BoardUnderTest) {
  const before = wire.bytes();
  const openMs = await openBoard(tab, livePath(board.canvasId), 'tabula', board.count);
  const after = wire.bytes();
  const received = await takeMessages(tab);
  return {
    openMs: round(openMs, 0),
    webSocketWireBytes: after.webSocket - before.webSocket,
    sceneDownloadWireBytes: after.sceneDownload - before.sceneDownload,
    /** What the join carried: its WebSocket messages and its scene's download, if any. */
    wireBytes: after.webSocket - before.webSocket + after.sceneDownload - before.sceneDownload,
    allWireBytes: after.total - before.total,
    webSocketPayloadBytes: received.payloadBytes,
    webSocketMessages: received.messages,
    sceneChunks: received.byEvent['scene-chunk'] ?? 0,
  };
}

/**
 * Waits until `tab` has received `count` messages of `event` (of any event when undefined)
 * since its last take; how long that took.
 */
export async function waitForMessages(tab: Tab, event: string | undefined, count = 1) {
  const started = performance.now();
  let waiting = true;
  try {
    await guard(
      (async () => {
        while (waiting && (await messageCount(tab, event)) < count) await sleep(100);
      })(),
      MESSAGE_GUARD_MS,
      `waiting for ${count} ${event ?? 'message'}(s)`,
    );
  } finally {
    waiting = false;
  }
  return performance.now() - started;
}

export interface StrokeWindow {
  receiver: WindowSummary;
  drawer: WindowSummary;
  /** From the stroke's last move sent to the receiving tab's next frame. */
  receiverAnswerAfterPenUpMs: number | null;
  receiverGot: FrameCounts;
}

/** Both tabs measured while the drawing tab draws the scripted stroke (`draw`). */
export async function strokeWindow(
  tabs: BoardTabs,
  draw: (tab: Tab) => Promise<void>,
): Promise<StrokeWindow> {
  await takeMessages(tabs.receiver);
  await startWindows(tabs.receiver, tabs.drawer);
  const stroke = () => draw(tabs.drawer);
  const { BENCH_BOARD_STROKE_PROFILE: profile, BENCH_BOARD_STROKE_TRACE: trace } = process.env;
  const profiledStroke = () => profiled(tabs.drawer, profile, 'drawer-stroke', stroke);
  await profiled(tabs.drawer, trace, 'stroke', profiledStroke, 'trace');
  const answer = await answerMs(tabs.receiver);
  const [receiver, drawer] = await stopWindows(tabs.receiver, tabs.drawer);
  return {
    receiver: receiver!,
    drawer: drawer!,
    receiverAnswerAfterPenUpMs: round(answer, 0),
    receiverGot: await takeMessages(tabs.receiver),
  };
}

/** Both tabs measured idle for WINDOW_MS. */
export async function idleWindow(tabs: BoardTabs) {
  await takeMessages(tabs.receiver);
  await startWindows(tabs.receiver, tabs.drawer);
  await sleep(WINDOW_MS);
  const [receiver, drawer] = await stopWindows(tabs.receiver, tabs.drawer);
  return { receiver: receiver!, drawer: drawer!, receiverGot: await takeMessages(tabs.receiver) };
}

/** Waits for both tabs to be done with what came before (no long task for a second). */
export async function settleBoth(tabs: BoardTabs) {
  const [receiver, drawer] = await Promise.all([settle(tabs.receiver), settle(tabs.drawer)]);
  return receiver && drawer;
}

/** Idle windows and strokes per board (BENCH_BOARD_ROUNDS). */
export const ROUNDS = Number(process.env.BENCH_BOARD_ROUNDS ?? 2);

/** One round: both tabs idle, then while the drawing tab draws. */
async function receivingRound(tabs: BoardTabs, draw: (tab: Tab) => Promise<void>) {
  const settledBeforeIdle = await settleBoth(tabs);
  const idle = await idleWindow(tabs);
  const settledBeforeStroke = await settleBoth(tabs);
  const drawing = await strokeWindow(tabs, draw);
  // The stroke's commit reaches the receiving tab (or the window measured nothing).
  const commitAfterWindowMs = drawing.receiverGot.byEvent['updated-canvas']
    ? 0
    : await waitForMessages(tabs.receiver, 'updated-canvas').catch((error: Error) => {
        process.stderr.write(`[bench] board: warning: ${error.message}\n`);
        return NaN;
      });
  return {
    idle,
    drawing,
    commitReceivedAfterWindowMs: round(commitAfterWindowMs, 0),
    settled: settledBeforeIdle && settledBeforeStroke,
  };
}

/**
 * The receiving tab idle, then while the drawing tab draws (`draw`), ROUNDS times. Each tab's
 * figure is its best window of the rounds (the highest frame rate), idle and drawing alike: a
 * window that the machine's other work disturbed flatters no ratio. Leaves both tabs on the
 * board, the drawing tab with the freedraw tool.
 */
export async function measureReceiving(tabs: BoardTabs, draw: (tab: Tab) => Promise<void>) {
  await readyToDraw(tabs.drawer);
  const rounds = [];
  for (let n = 0; n < ROUNDS; n++) rounds.push(await receivingRound(tabs, draw));
  const receiving = bestByFps(rounds.map((one) => one.drawing.receiver));
  const answers = rounds.map((one) => one.drawing.receiverAnswerAfterPenUpMs ?? NaN);
  return {
    idle: {
      receiver: bestByFps(rounds.map((one) => one.idle.receiver)),
      drawer: bestByFps(rounds.map((one) => one.idle.drawer)),
    },
    drawing: {
      receiver: receiving,
      drawer: bestByFps(rounds.map((one) => one.drawing.drawer)),
      receiverAnswerAfterPenUpMs: round(median(answers) ?? NaN, 0),
    },
    rounds,
  };
}
