/**
 * The board benchmark's browser side: Chromium (playwright-core, the tests' flags), one
 * context per person at 1280 × 800, signed in with a session token the benchmark made, the
 * page meter (`pageMeter.js`) injected before the app; opening a board and timing it; a
 * measuring window; and the scripted freedraw stroke, sent as raw DevTools mouse events at
 * 60 Hz without waiting for the page to take each one, as a hand does not wait either.
 */
import { writeFileSync } from 'node:fs';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, isLocalUrl, pickTool } from '@tabula/testing';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { summariseWindow } from './frames';
import type { RawWindow, WindowSummary } from './frames';

export const VIEWPORT = { width: 1280, height: 800 };
/** Moves in the scripted stroke, and their rate: 180 at 60 Hz is 3 s of drawing. */
export const STROKE_MOVES = 180;
const STROKE_HZ = 60;
/** Hang guards, sized for a machine busy many times over. */
const OPEN_GUARD_MS = 300_000;
const ANSWER_GUARD_MS = 120_000;

const PAGE_METER = fileURLToPath(new URL('./pageMeter.js', import.meta.url));

export interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** URLs this context asked for that would have left the machine (must stay empty). */
  outside: string[];
}

export { launchChromium };
export type { Browser };

/** Fails with `what` when `promise` has not settled within `ms` (a hang guard). */
export async function guard<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** A new context on `baseUrl`, signed in with `token` when given (the app's stored 'token'). */
export async function openTab(browser: Browser, baseUrl: string, token?: string): Promise<Tab> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  context.setDefaultTimeout(ANSWER_GUARD_MS);
  const outside: string[] = [];
  context.on('request', (request) => {
    if (!isLocalUrl(request.url())) outside.push(request.url());
  });
  await context.addInitScript((stored) => {
    const page = globalThis as unknown as {
      __TABULA_PROBE__?: boolean;
      localStorage: { setItem(key: string, value: string): void };
    };
    page.__TABULA_PROBE__ = true;
    if (stored) page.localStorage.setItem('token', stored);
  }, token ?? '');
  await context.addInitScript({ path: PAGE_METER });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, outside };
}

/** Evaluates `expression` in the page, with a hang guard. */
export function inPage<T>(page: Page, expression: string, ms = ANSWER_GUARD_MS): Promise<T> {
  return guard(page.evaluate(expression) as Promise<T>, ms, expression);
}

/**
 * Navigates to `path` and resolves once a board of `count` elements is shown (`kind`: the
 * app's board, or the plain Excalidraw page): milliseconds from the navigation's start.
 */
export async function openBoard(
  tab: Tab,
  path: string,
  kind: 'tabula' | 'plain',
  count: number,
): Promise<number> {
  return (await openBoardTimed(tab, path, kind, count)).openMs;
}

/**
 * Where an app open spent its time, in ms from the navigation: the page's document and the
 * session check answered (`document`, `session`), the widget's opening marks (`tabula:started`,
 * `join-sent`, `join-answered`, `scene-received`, `applied`, `mounting`, `ready`: see
 * `openingMarks.ts`) and when the scene download, if any, was asked for, answered and done.
 */
export interface DownloadTiming {
  marks: Record<string, number>;
  /** Every opening mark as `step@ms`, in order (a step may come more than once). */
  steps: string[];
  requestedMs?: number;
  firstByteMs?: number;
  lastByteMs?: number;
}

/** How many windows were profiled, for the files' names. */
let profiles = 0;

/** Chromium's trace categories that show each thread's tasks: script, frames, canvas, GC. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'blink', 'cc', 'viz', 'gpu'];

/**
 * Runs `work` recorded when `dir` is set: the tab's CPU profile in
 * `<dir>/<name>-<n>.cpuprofile` (`BENCH_BOARD_PROFILE`, `BENCH_BOARD_STROKE_PROFILE`), for
 * DevTools' Performance panel; or, as `trace`, a Chromium trace of every process (the tab's
 * renderer, its compositor and garbage collector threads, the GPU process) in
 * `<dir>/<name>-<n>.json` (`BENCH_BOARD_STROKE_TRACE`): where a CPU profile shows script only,
 * this shows the frames' painting too. Open it in DevTools or Perfetto.
 */
export async function profiled<T>(
  tab: Tab,
  dir: string | undefined,
  name: string,
  work: () => Promise<T>,
  recording: 'cpu' | 'trace' = 'cpu',
): Promise<T> {
  if (!dir) return work();
  profiles += 1;
  const file = nodePath.join(
    dir,
    `${name}-${profiles}.${recording === 'cpu' ? 'cpuprofile' : 'json'}`,
  );
  if (recording === 'trace') {
    const browser = tab.page.context().browser()!;
    await browser.startTracing(tab.page, { path: file, categories: TRACE_CATEGORIES });
    const done = await work();
    await browser.stopTracing();
    console.error(`[bench] board: trace in ${file}`);
    return done;
  }
  await tab.cdp.send('Profiler.enable');
  await tab.cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await tab.cdp.send('Profiler.start');
  const done = await work();
  const { profile } = await tab.cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  console.error(`[bench] board: CPU profile in ${file}`);
  return done;
}

/**
 * `openBoard`, with where the app's open spent its time (`DownloadTiming`). With
 * `BENCH_BOARD_PROFILE=<dir>`, each open's CPU profile (from the navigation until the board is
 * shown) is written there, for DevTools' Performance panel.
 */
export async function openBoardTimed(
  tab: Tab,
  path: string,
  kind: 'tabula' | 'plain',
  count: number,
): Promise<{ openMs: number; download: DownloadTiming }> {
  const shown = await profiled(
    tab,
    process.env.BENCH_BOARD_PROFILE,
    `${kind}-${count}`,
    async () => {
      await tab.page.goto(path, { waitUntil: 'commit', timeout: OPEN_GUARD_MS });
      return inPage<{ openMs: number }>(
        tab.page,
        `window.__boardBench.whenShown(${JSON.stringify(kind)}, ${count})`,
        OPEN_GUARD_MS,
      );
    },
  );
  const download = await inPage<DownloadTiming>(
    tab.page,
    `(() => {
      const marks = {};
      for (const mark of performance.getEntriesByType('mark'))
        if (mark.name.startsWith('tabula:')) marks[mark.name.slice(7)] = Math.round(mark.startTime);
      const resources = performance.getEntriesByType('resource');
      const ended = (part) => {
        const found = resources.find((resource) => resource.name.includes(part));
        return found ? Math.round(found.responseEnd) : undefined;
      };
      marks.document = Math.round(performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0);
      marks.session = ended('/auth/fetchuser');
      const steps = window.__boardBench.openingMarks();
      const entry = resources.find((resource) => resource.name.includes('/canvas/scene-download/'));
      return entry ? {
        marks,
        steps,
        requestedMs: Math.round(entry.startTime),
        firstByteMs: Math.round(entry.responseStart),
        lastByteMs: Math.round(entry.responseEnd),
      } : { marks, steps };
    })()`,
    OPEN_GUARD_MS,
  );
  return { openMs: shown.openMs, download };
}

/** Leaves the board for a blank page (its memory goes back before the next board). */
export async function leave(tab: Tab): Promise<void> {
  await tab.page.goto('about:blank');
}

/** Waits for the tab's next animation frame; how long it took. */
export async function answerMs(tab: Tab): Promise<number> {
  const started = performance.now();
  await inPage(tab.page, 'window.__boardBench.nextFrame()');
  return performance.now() - started;
}

/**
 * Waits until the tab has had no long task for `quietMs` (its work from the last step is
 * done), polling every 200 ms, for at most `guardMs`; whether it got quiet.
 */
export async function settle(tab: Tab, quietMs = 1000, guardMs = 30_000): Promise<boolean> {
  const since = Date.now();
  while (Date.now() - since < guardMs) {
    const quiet = await inPage<boolean>(tab.page, `window.__boardBench.quietFor(${quietMs})`);
    if (quiet) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Opens a measuring window on each tab. */
export async function startWindows(...tabs: Tab[]): Promise<void> {
  await Promise.all(tabs.map((tab) => inPage(tab.page, 'window.__boardBench.start()')));
}

/** Closes each tab's window and summarises it. */
export async function stopWindows(...tabs: Tab[]): Promise<WindowSummary[]> {
  const raw = await Promise.all(
    tabs.map((tab) => inPage<RawWindow>(tab.page, 'window.__boardBench.stop()')),
  );
  return raw.map(summariseWindow);
}

/** Picks the freedraw tool and parks the pointer off the stroke's path. */
export async function readyToDraw(tab: Tab): Promise<void> {
  await pickTool(tab.page, 'freedraw');
  await tab.page.mouse.move(40, VIEWPORT.height - 40);
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the app's board is on the page (what Excalidraw fills), once a board is open. */
export async function boardArea(tab: Tab): Promise<Area> {
  const box = await tab.page.getByTestId('canvas-board').boundingBox();
  if (!box) throw new Error('The board is not on screen.');
  return box;
}

/**
 * The stroke's path in page pixels: a wave across the board's middle and right, clear of
 * Excalidraw's tool and property panels.
 */
function strokePoint(area: Area, i: number): { x: number; y: number } {
  const t = i / STROKE_MOVES;
  return {
    x: Math.round(area.x + area.width * (0.35 + 0.55 * t)),
    y: Math.round(area.y + area.height * (0.55 + 0.18 * Math.sin(t * Math.PI * 6))),
  };
}

/**
 * Draws the scripted stroke on the board in `area`: button down, 180 moves at 60 Hz (3 s),
 * button up. Each move is sent on time whether or not the page has taken the ones before (the
 * browser coalesces what a busy page cannot take); resolves when the page has taken them all.
 */
export async function drawStroke(tab: Tab, area: Area): Promise<void> {
  const strokeAt = (i: number) => strokePoint(area, i);
  const mouse = (type: string, point: { x: number; y: number }, buttons: number) =>
    tab.cdp.send('Input.dispatchMouseEvent', {
      type: type as 'mouseMoved',
      ...point,
      button: type === 'mouseMoved' && buttons === 0 ? 'none' : 'left',
      buttons,
      clickCount: type === 'mouseMoved' ? 0 : 1,
    });
  await mouse('mouseMoved', strokeAt(0), 0);
  await mouse('mousePressed', strokeAt(0), 1);
  const sent: Promise<unknown>[] = [];
  const started = performance.now();
  for (let i = 1; i <= STROKE_MOVES; i++) {
    const due = started + (i * 1000) / STROKE_HZ;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(mouse('mouseMoved', strokeAt(i), 1));
  }
  sent.push(mouse('mouseReleased', strokeAt(STROKE_MOVES), 0));
  await guard(Promise.all(sent), ANSWER_GUARD_MS, 'the stroke');
}
