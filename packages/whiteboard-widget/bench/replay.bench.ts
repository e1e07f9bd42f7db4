/**
 * Benchmark of the replay player: a canvas of 10,000 drawing events (seeded over Socket.IO on
 * the real server, in this process, in-memory store) opened in Debian's Chromium. Prints one
 * JSON report: time to the first frame (against a cold and a warm server), the load of every step, and animation-frame times while
 * playing at 16× (from the start and near the end, where the scene is largest), with the ratio
 * to an idle baseline measured on the same page in the same run.
 *
 *   npx tsx packages/whiteboard-widget/bench/replay.bench.ts [events=10000]
 */
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from '@tabula/testing';
import { startInMemoryServer } from '@tabula/server/testing';
import { sampleIndex, sampleStroke } from '../src/replay/sampleHistory';
import { openDrawer } from '../src/replay/test/drawer';
import { startBuiltReplayHarness } from '../src/replay/test/replayHarness';

const EVENTS = Number(process.argv[2] ?? 10_000);
const POINTS = 24;
const IN_FLIGHT = 32;
const WINDOW_MS = 5000;
const HANG_GUARD_MS = 120_000;

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  fps: number;
}

function stats(deltas: number[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const total = deltas.reduce((sum, delta) => sum + delta, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    frames: deltas.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted[sorted.length - 1] ?? 0),
    fps: round((deltas.length * 1000) / total),
  };
}

/**
 * Runs in the page: animation-frame intervals (ms) over `windowMs`, from rAF timestamps. Kept as
 * source text so tsx's transforms (its `__name` helper) never reach code run in the browser.
 */
const FRAME_TIMES = `(windowMs) => new Promise((resolve) => {
  const stamps = [];
  const tick = (now) => {
    stamps.push(now);
    if (now - stamps[0] < windowMs) requestAnimationFrame(tick);
    else resolve(stamps.slice(1).map((stamp, i) => stamp - stamps[i]));
  };
  requestAnimationFrame(tick);
})`;

function frameTimes(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(`(${FRAME_TIMES})(${ms})`) as Promise<number[]>;
}

async function seed(
  url: string,
  user: { userId: string; username: string; token: string },
  canvasId: string,
) {
  const drawer = await openDrawer(url, user, canvasId);
  const started = performance.now();
  try {
    let next = 0;
    const worker = async () => {
      for (let n = next++; n < EVENTS; n = next++) {
        const id = `s${n}`;
        const points: [number, number][] = Array.from({ length: POINTS }, (_, i) => [
          i * 6,
          Math.round(Math.sin((i + n) / 3) * 10),
        ]);
        const x = (n % 40) * 160;
        const y = Math.floor(n / 40) * 30;
        const element = sampleStroke(id, sampleIndex(n), x, y, points, '#1971c2', n + 1);
        await drawer.draw([element], { [id]: points.map((_, i) => i * 16) });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    drawer.close();
  }
  return performance.now() - started;
}

const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;

async function main(): Promise<void> {
  const harness = await startBuiltReplayHarness();
  const server = await startInMemoryServer({ allowedOrigins: [new URL(harness.url).origin] });
  const browser = await launchChromium();
  try {
    const owner = await server.createUserAndToken('bench');
    const canvasId = await server.createCanvas(owner.token, 'bench');
    const seedMs = await seed(server.url, owner, canvasId);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const query = new URLSearchParams({ server: server.url, token: owner.token, canvas: canvasId });
    // Warm Vite's transform cache so the measured opening is the player's, not the dev server's.
    await page.goto(`${harness.url}?fail=1`);
    await page.getByTestId('replay-error').waitFor({ timeout: HANG_GUARD_MS });
    const guard = { timeout: HANG_GUARD_MS, polling: 50 };
    /** Opens the player at the canvas's head; the time from mounting it to its first frame. */
    const open = async () => {
      await page.goto(`${harness.url}?${query.toString()}`);
      await page.waitForFunction(() => window.__replay.firstFrameAt !== null, undefined, guard);
      return page.evaluate(() => {
        const { firstFrameAt, sceneAnsweredAt, mountedAt } = window.__replay;
        return {
          total: Math.round(firstFrameAt! - mountedAt),
          sceneAnswered: Math.round(sceneAnsweredAt! - mountedAt),
        };
      });
    };
    // The server's first scene at the head folds the log (cold); a second opening is warm.
    const firstFrameMs = await open();
    await page.waitForFunction(() => window.__replay.player?.loaded().complete, undefined, guard);
    const loadedMs = await page.evaluate(() => performance.now() - window.__replay.mountedAt);
    const warmFirstFrameMs = await open();
    await page.waitForFunction(() => window.__replay.player?.loaded().complete, undefined, guard);
    const steps = await page.evaluate(() => window.__replay.player!.loaded().steps);
    const head = await page.evaluate(() => window.__replay.player!.position().revision);

    const idle = stats(await frameTimes(page, WINDOW_MS / 2));
    const play = async (fraction: number) => {
      await page.evaluate(
        (revision) => {
          const { player } = window.__replay;
          player!.pause();
          player!.seekRevision(revision);
        },
        Math.round(fraction * head),
      );
      await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('16');
      await page.evaluate(() => window.__replay.player!.play());
      const times = await frameTimes(page, WINDOW_MS);
      const end = await page.evaluate(() => {
        const position = window.__replay.player!.position();
        window.__replay.player!.pause();
        return { revision: position.revision, shown: window.__replay.player!.frame().length };
      });
      return { ...stats(times), endRevision: end.revision, elementsShown: end.shown };
    };
    const fromStart = await play(0);
    const nearEnd = await play(0.9);
    const report = {
      events: EVENTS,
      steps,
      headRevision: head,
      cpus: cpus().length,
      seedMs: Math.round(seedMs),
      /** From mounting the player to its first frame, and to the scene call's answer within it. */
      openingFirstFrameMs: { coldServer: firstFrameMs, warmServer: warmFirstFrameMs },
      allStepsLoadedMs: Math.round(loadedMs),
      idleBaseline: idle,
      playing16xFromStart: fromStart,
      playing16xNearEnd: nearEnd,
      /** Playing against the idle page: frame time p50 (1 = no slower) and frame rate (1 = as smooth). */
      ratioToIdle: {
        p50: { fromStart: ratio(fromStart.p50, idle.p50), nearEnd: ratio(nearEnd.p50, idle.p50) },
        fps: { fromStart: ratio(fromStart.fps, idle.fps), nearEnd: ratio(nearEnd.fps, idle.fps) },
      },
      holds30fps: fromStart.fps >= 30 && nearEnd.fps >= 30,
      firstFrameWithin1s: {
        coldServer: firstFrameMs.total <= 1000,
        warmServer: warmFirstFrameMs.total <= 1000,
      },
      loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await browser.close();
    await server.close();
    await harness.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
