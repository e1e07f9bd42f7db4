/**
 * The replay player in Debian's Chromium against the real server (in this process, in-memory
 * store): two users draw three timed strokes each over Socket.IO, and the player (the harness
 * page, `test/harness`) scrubs, plays at 16×, filters by author, says who drew a stroke and
 * exports PNG, SVG and WebM. Every wait is for a condition, with a 15 s hang guard.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { guardedContext, guardLocalOnly, launchChromium } from '@tabula/testing';
import type { LocalOnlyGuard } from '@tabula/testing';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer, TestUser } from '@tabula/server/testing';
import { restHistorySource } from './restHistorySource';
import { sampleIndex, sampleStroke } from './sampleHistory';
import { openDrawer } from './test/drawer';
import { startReplayHarness } from './test/replayHarness';
import type { ReplayHarness } from './test/replayHarness';

const GUARD = { timeout: 15_000, polling: 50 } as const;

let harness: ReplayHarness;
let server: InMemoryServer;
let browser: Browser;
let alice: TestUser;
let bob: TestUser;
let canvasId: string;
/** The revision each stroke made, and who drew it, in order. */
const strokes: { id: string; revision: number; by: TestUser; x: number; y: number }[] = [];

beforeAll(async () => {
  harness = await startReplayHarness();
  server = await startInMemoryServer({ allowedOrigins: [new URL(harness.url).origin] });
  browser = await launchChromium();
  alice = await server.createUserAndToken('alice');
  bob = await server.createUserAndToken('bob');
  canvasId = await server.createCanvas(alice.token, 'replayed');
  await server.addCollaborator(alice.userId, canvasId, bob.userId);
  const drawers = {
    [alice.userId]: await openDrawer(server.url, alice, canvasId),
    [bob.userId]: await openDrawer(server.url, bob, canvasId),
  };
  try {
    for (let n = 0; n < 6; n += 1) {
      const by = n % 2 === 0 ? alice : bob;
      const id = `stroke-${n}`;
      const points: [number, number][] = Array.from({ length: 12 }, (_, i) => [
        i * 10,
        (i % 3) * 6,
      ]);
      const [x, y] = [100 + (n % 3) * 180, 120 + Math.floor(n / 3) * 160];
      const element = sampleStroke(id, sampleIndex(n), x, y, points, '#1971c2', n + 1);
      const timing = { [id]: points.map((_, i) => i * 20) };
      const revision = await drawers[by.userId]!.draw([element], timing);
      strokes.push({ id, revision, by, x: x + 55, y: y + 6 });
      // An entry that leaves the drawing unchanged, between the third and fourth strokes.
      if (n === 2) await rename('replayed, renamed');
    }
  } finally {
    for (const drawer of Object.values(drawers)) drawer.close();
  }
}, 300_000);

async function rename(name: string): Promise<void> {
  const response = await fetch(`${server.url}/canvas/updatecanvasname/${canvasId}`, {
    method: 'POST',
    headers: { 'auth-token': alice.token, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.ok).toBe(true);
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await harness?.close();
});

function playerUrl(user: TestUser, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    server: server.url,
    token: user.token,
    canvas: canvasId,
    ...extra,
  });
  return `${harness.url}?${query.toString()}`;
}

/** Ids of the elements the player shows. */
function shownIds(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.__replay.player?.frame() ?? []).map((element) => element.id));
}

async function waitForIds(page: Page, ids: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const shown = (window.__replay.player?.frame() ?? []).map((element) => element.id).sort();
      return JSON.stringify(shown) === JSON.stringify([...wanted].sort());
    },
    ids,
    GUARD,
  );
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Replay position' });

describe('the replay player against the real server', () => {
  let context: BrowserContext;
  let page: Page;
  let guard: LocalOnlyGuard;

  beforeAll(async () => {
    context = await guardedContext(browser, { viewport: { width: 1200, height: 800 } });
    guard = await guardLocalOnly(context);
    page = await context.newPage();
    await page.goto(playerUrl(alice));
    // Opened at the head: every stroke shows, and every step has loaded.
    await page.waitForFunction(
      () => window.__replay.player?.loaded().complete === true,
      undefined,
      GUARD,
    );
    await waitForIds(
      page,
      strokes.map((stroke) => stroke.id),
    );
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('scrubs to the revision after the first stroke and shows one element', async () => {
    const first = strokes[0]!.revision;
    const steps = await page.evaluate(() => window.__replay.player!.loaded().steps);
    const applied = await page.evaluate((revision) => {
      const { player } = window.__replay;
      player!.seekRevision(revision);
      return player!.position().applied;
    }, first);
    // Back to the end through the keyboard, then a click on the timeline at that entry.
    await slider(page).focus();
    await page.keyboard.press('End');
    await waitForIds(
      page,
      strokes.map((stroke) => stroke.id),
    );
    const box = (await slider(page).boundingBox())!;
    await page.mouse.click(box.x + (box.width * applied) / steps, box.y + box.height / 2);
    await expect.poll(() => slider(page).getAttribute('aria-valuenow'), GUARD).toBe(String(first));
    await waitForIds(page, [strokes[0]!.id]);
    // Stepping forward with the arrow key brings the second stroke.
    await page.keyboard.press('ArrowRight');
    await waitForIds(page, [strokes[0]!.id, strokes[1]!.id]);
    // Dragging along the timeline scrubs: from the start to the third stroke's entry.
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 3, y, { steps: 5 });
    await page.mouse.move(box.x + (box.width * (applied + 2)) / steps, y, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(() => slider(page).getAttribute('aria-valuenow'), GUARD)
      .toBe(String(strokes[2]!.revision));
    await waitForIds(page, [strokes[0]!.id, strokes[1]!.id, strokes[2]!.id]);
  });

  it('plays at 16× from the start and ends on the current scene', async () => {
    await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('16');
    await slider(page).focus();
    await page.keyboard.press('Home');
    await waitForIds(page, []);
    await page.getByRole('button', { name: 'Play' }).click();
    const head = strokes[strokes.length - 1]!.revision;
    await expect.poll(() => slider(page).getAttribute('aria-valuenow'), GUARD).toBe(String(head));
    await page.getByRole('button', { name: 'Play' }).waitFor(GUARD);
    const current = await fetch(`${server.url}/canvas/getcanvas/${canvasId}`, {
      headers: { 'auth-token': alice.token },
    }).then((response) => response.json() as Promise<{ data: { elements: { id: string }[] } }>);
    expect((await shownIds(page)).sort()).toEqual(current.data.elements.map((e) => e.id).sort());
    // The host heard every revision the playhead passed, ending on the head.
    const reported = await page.evaluate(() => window.__replay.revisions);
    expect(reported[reported.length - 1]).toBe(head);
  });

  it('filters by the second user: only their strokes', async () => {
    await page.getByRole('checkbox', { name: bob.username }).check();
    const bobs = strokes.filter((stroke) => stroke.by === bob).map((stroke) => stroke.id);
    await waitForIds(page, bobs);
    await page.getByRole('checkbox', { name: bob.username }).uncheck();
    await waitForIds(
      page,
      strokes.map((stroke) => stroke.id),
    );
  });

  it('says who drew the stroke under the pointer, and its history once clicked', async () => {
    const stroke = strokes[3]!;
    const at = await page.evaluate((point) => window.__replay.player!.toViewport(point), stroke);
    await page.mouse.move(at!.x, at!.y);
    const drawnBy = page.getByTestId('replay-drawn-by');
    await expect.poll(() => drawnBy.textContent(), GUARD).toBe(`Drawn by ${bob.username}`);
    await page.mouse.down();
    await page.mouse.up();
    await page.getByRole('list', { name: 'Its changes' }).waitFor(GUARD);
    expect(await page.getByRole('list', { name: 'Its changes' }).textContent()).toContain(
      `Revision ${stroke.revision}: changed by ${bob.username}`,
    );
  });

  it('exports the frame as PNG and SVG, and the replay as a WebM video', async () => {
    await page.getByRole('button', { name: 'Export PNG' }).click();
    await page.getByRole('button', { name: 'Export SVG' }).click();
    await page.getByRole('button', { name: 'Export video' }).click();
    // The progress bar shows while the video renders.
    await page.getByRole('progressbar', { name: 'Rendering the video' }).waitFor(GUARD);
    await page.waitForFunction(
      () => window.__replay.exported.length === 3 || document.querySelector('[role=alert]'),
      undefined,
      GUARD,
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    const exported = await page.evaluate(() => window.__replay.exported);
    const byKind = Object.fromEntries(exported.map((file) => [file.kind, file]));
    expect(byKind.png!.head.slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(byKind.svg!.text).toContain('<svg');
    expect(byKind.webm!.type).toContain('video/webm');
    expect(byKind.webm!.size).toBeGreaterThan(0);
    expect(byKind.webm!.head.slice(0, 4)).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('sits on a chosen revision that is not a drawing, and reports that revision once', async () => {
    const history = await restHistorySource({
      baseUrl: server.url,
      canvasId,
      token: alice.token,
    }).history();
    const renamed = history.entries.find(
      (entry) => entry.revision > strokes[2]!.revision && entry.revision < strokes[3]!.revision,
    );
    expect(renamed).toBeDefined();
    const revision = renamed!.revision;
    await page.evaluate(() => {
      window.__replay.revisions = [];
    });
    await page.evaluate((chosen) => window.__replay.setRevision(chosen), revision);
    await expect
      .poll(() => slider(page).getAttribute('aria-valuenow'), GUARD)
      .toBe(String(revision));
    await waitForIds(
      page,
      strokes.slice(0, 3).map((stroke) => stroke.id),
    );
    await page.waitForFunction(
      (chosen) => window.__replay.revisions.includes(chosen),
      revision,
      GUARD,
    );
    // A report that another render would have made has had its chance once the board settled.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => window.__replay.revisions)).toEqual([revision]);
    expect(await page.evaluate(() => window.__replay.player!.position().revision)).toBe(revision);
  });

  it('made no request outside this machine (fonts self-hosted)', () => {
    expect(guard.outside).toEqual([]);
  });
});

describe('a canvas left with one small drawing', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const small = await server.createCanvas(alice.token, 'one small stroke');
    const drawer = await openDrawer(server.url, alice, small);
    try {
      const points: [number, number][] = [
        [0, 0],
        [12, 4],
        [24, 0],
      ];
      await drawer.draw([sampleStroke('small', sampleIndex(0), 300, 200, points, '#1971c2', 1)]);
    } finally {
      drawer.close();
    }
    context = await guardedContext(browser, { viewport: { width: 900, height: 640 } });
    page = await context.newPage();
    await page.goto(playerUrl(alice, { canvas: small }));
    await waitForIds(page, ['small']);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('fits it into view without zooming in past 100 %', async () => {
    const board = (await page.getByTestId('replay-board').boundingBox())!;
    const centre = { x: board.x + board.width / 2, y: board.y + board.height / 2 };
    // Fitted: the stroke's centre is at the board's centre.
    await page.waitForFunction(
      ({ x, y }) => {
        const at = window.__replay.player?.toViewport({ x: 312, y: 202 });
        return at !== null && at !== undefined && Math.hypot(at.x - x, at.y - y) < 30;
      },
      centre,
      GUARD,
    );
    const zoom = await page.evaluate(() => {
      const { player } = window.__replay;
      return (
        (player!.toViewport({ x: 100, y: 0 })!.x - player!.toViewport({ x: 0, y: 0 })!.x) / 100
      );
    });
    expect(zoom).toBeLessThanOrEqual(1);
    expect(zoom).toBeGreaterThan(0.5);
  });

  it.each([
    { width: 900, height: 640 }, // a short board: Excalidraw's phone layout, a bar at the bottom
    { width: 1200, height: 500 },
    { width: 1400, height: 1000 }, // its desktop layout: a menu button, zoom and help buttons
  ])(
    'shows only the drawing on the board, no menu or footer of its own, at $width×$height',
    async (size) => {
      await page.setViewportSize(size);
      // Excalidraw has laid out its chrome for this size (the menu button is in the page).
      await page.waitForFunction(
        () => document.querySelector('[data-testid=replay-board] .main-menu-trigger') !== null,
        undefined,
        GUARD,
      );
      await page.getByTestId('replay-board').screenshot({
        path: join(tmpdir(), `tabula-replay-board-${size.width}x${size.height}.png`),
      });
      const chrome = page.locator(
        [
          '.main-menu-trigger',
          '.App-menu',
          '.App-bottom-bar',
          '.layer-ui__wrapper__footer',
          '.help-icon',
        ]
          .map((selector) => `[data-testid=replay-board] ${selector}`)
          .join(', '),
      );
      expect(await chrome.count()).toBeGreaterThan(0);
      for (const part of await chrome.all()) expect(await part.isVisible()).toBe(false);
    },
  );
});

describe('a source that fails', () => {
  it('shows the error instead of a blank board', async () => {
    const context = await guardedContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${harness.url}?fail=1`);
      const alert = page.getByTestId('replay-error');
      await alert.waitFor(GUARD);
      expect(await alert.textContent()).toContain('The test source refuses every call.');
      expect(await page.getByRole('alert').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('names a server refusal (a canvas the user may not read)', async () => {
    const stranger = await server.createUserAndToken('stranger');
    const context = await guardedContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(playerUrl(stranger));
      const alert = page.getByTestId('replay-error');
      await alert.waitFor(GUARD);
      expect(await alert.textContent()).toMatch(/could not be loaded: .+/);
    } finally {
      await context.close();
    }
  });
});
