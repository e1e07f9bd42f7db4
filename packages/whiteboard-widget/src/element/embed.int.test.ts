/**
 * `<tabula-whiteboard>` from the script-tag build, in Chromium: plain HTML pages (no build
 * step) on one origin load `tabula.js` from another (the Tabula server's /embed/v1/ once it
 * serves it, else dist/embed/v1 from a file server), against the real Tabula server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  drag,
  guardedContext,
  guardLocalOnly,
  launchChromium,
  PAGE_WAIT_MS,
  startTabulaServer,
} from '@tabula/testing';
import type { LocalOnlyGuard, TabulaServer } from '@tabula/testing';
import { excalidrawRectangles } from '../test/elements';
import { embedSource, plainPage, startPageSite } from '../test/embedPages';
import type { EmbedSource, PageSite } from '../test/embedPages';
import { ensurePackageBuilt } from '../test/packageBuild';
import {
  createCanvas,
  createViewLink,
  drawOnCanvas,
  fetchScene,
  revokeViewLink,
  shareCanvas,
  signUp,
} from '../test/tabulaApi';
import type { TestUser } from '../test/tabulaApi';
import { boardElementStyles, darkPixels, pageElementStyles } from '../test/boardProbes';

const WAIT = { timeout: PAGE_WAIT_MS, polling: 50 };
const HOSTILE_CSS = '* { color: red; box-sizing: content-box; font-family: serif; line-height: 3 }';
/** Records the elements' events (they bubble out of the shadow root: composed). */
const RECORD_EVENTS = `<script>
  window.__events = [];
  for (const type of ['change', 'status', 'error']) {
    document.addEventListener(type, (event) => {
      if (event.target.localName !== 'tabula-whiteboard') return;
      const detail = type === 'change' ? event.detail.elements.map((e) => e.id) : event.detail;
      window.__events.push({ id: event.target.id, type, detail });
    });
  }
</script>`;

let server: TabulaServer;
let site: PageSite;
let embed: EmbedSource;
let browser: Browser;
/** What each browser context of this file saw leave the machine (checked last: nothing). */
const guards: LocalOnlyGuard[] = [];

/** A browser context whose requests leaving 127.0.0.1 are blocked and recorded. */
async function openContext(): Promise<BrowserContext> {
  const context = await guardedContext(browser, { viewport: { width: 1200, height: 900 } });
  guards.push(await guardLocalOnly(context));
  return context;
}

beforeAll(async () => {
  ensurePackageBuilt();
  site = await startPageSite();
  server = await startTabulaServer({
    allowedOrigins: [new URL(site.url).origin],
    env: { DEMO_ACCOUNTS: 'off' },
  });
  embed = await embedSource(server.url);
  console.log(`[embed] tabula.js served by the ${embed.servedBy}: ${embed.url}`);
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await embed?.close();
  await site?.close();
  await server?.stop();
});

async function statusOf(page: Page, id: string): Promise<string> {
  return page.evaluate(
    (which) => document.querySelector<HTMLElement & { status: string }>(`#${which}`)!.status,
    id,
  );
}

/** Waits until board `#id` holds its scene (the editor is mounted with it). */
function waitUntilReady(page: Page, id: string) {
  return page.waitForFunction(
    (which) =>
      document.querySelector<HTMLElement & { ready: boolean }>(`#${which}`)?.ready === true,
    id,
    WAIT,
  );
}

function waitForStatus(page: Page, id: string, status: string) {
  return page.waitForFunction(
    ([which, wanted]) =>
      document.querySelector<HTMLElement & { status: string }>(`#${which}`)?.status === wanted,
    [id, status] as const,
    WAIT,
  );
}

function elementIds(page: Page, id: string): Promise<string[]> {
  return page.evaluate(
    (which) =>
      document
        .querySelector<HTMLElement & { elements: { id: string }[] }>(`#${which}`)!
        .elements.map((element) => element.id),
    id,
  );
}

describe('<tabula-whiteboard> on a plain page, live', () => {
  let alice: TestUser;
  let bob: TestUser;
  let first: string;
  let second: string;
  let context: BrowserContext;
  let page: Page;
  let closeSetup: () => void;

  beforeAll(async () => {
    alice = await signUp(server.url, 'alice_embed');
    bob = await signUp(server.url, 'bob_embed');
    first = await createCanvas(server.url, alice, 'first board');
    second = await createCanvas(server.url, alice, 'second board');
    closeSetup = await shareCanvas(server.url, alice, bob, first);
    // Two boards of two canvases: one token set as a property (out of the DOM), one attribute.
    const url = site.page(
      'live.html',
      plainPage(
        embed.url,
        `${RECORD_EVENTS}
    <h1>Two boards</h1>
    <tabula-whiteboard id="a" server="${server.url}" canvas="${first}" height="360"></tabula-whiteboard>
    <tabula-whiteboard id="b" server="${server.url}" canvas="${second}" token="${alice.token}" height="360"></tabula-whiteboard>
    <script type="module">
      document.getElementById('a').token = ${JSON.stringify(alice.token)};
    </script>`,
      ),
    );
    context = await openContext();
    page = await context.newPage();
    await page.goto(url);
    for (const id of ['a', 'b']) {
      await waitForStatus(page, id, 'live');
      await waitUntilReady(page, id);
    }
  });

  afterAll(async () => {
    closeSetup?.();
    await context?.close();
  });

  it('shows a live canvas, and a stroke a second user commits appears on it (drawn)', async () => {
    const canvasSize = await page.evaluate(() => {
      const canvas = document
        .getElementById('a')!
        .shadowRoot!.querySelector<HTMLCanvasElement>('canvas.excalidraw__canvas.static');
      return canvas ? [canvas.clientWidth, canvas.clientHeight] : null;
    });
    expect(canvasSize?.[0]).toBeGreaterThan(300);
    expect(canvasSize?.[1]).toBeGreaterThan(300);
    expect(await darkPixels(page, 'a')).toBe(0);

    await drawOnCanvas(server.url, bob, first, excalidrawRectangles('bob', 1));
    await page.waitForFunction(
      () =>
        (
          document.getElementById('a') as HTMLElement & { elements: { id: string }[] }
        ).elements.some((element) => element.id === 'bob-0'),
      undefined,
      WAIT,
    );
    // Drawn: its stroke is on the board's canvas (the peer's commit, painted by Excalidraw).
    for (;;) {
      if ((await darkPixels(page, 'a')) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await elementIds(page, 'b')).toEqual([]);
    const events = await page.evaluate(
      () => (window as unknown as { __events: unknown[] }).__events,
    );
    expect(events).toContainEqual({ id: 'a', type: 'status', detail: { status: 'live' } });
    expect(events).toContainEqual({ id: 'a', type: 'change', detail: ['bob-0'] });
    expect(events.filter((event) => (event as { id: string }).id === 'b')).not.toContainEqual(
      expect.objectContaining({ type: 'change', detail: ['bob-0'] }),
    );
  });

  it('keeps two boards on one page independent: a stroke drawn in one goes to its canvas only', async () => {
    const box = await page.locator('#b').boundingBox();
    if (!box) throw new Error('board b has no box');
    await page.locator('#b [data-testid="toolbar-rectangle"]').click({ force: true });
    await drag(page, [
      [box.x + box.width / 2 - 60, box.y + box.height / 2 - 40],
      [box.x + box.width / 2 + 60, box.y + box.height / 2 + 40],
    ]);
    await page.waitForFunction(
      () =>
        (
          document.getElementById('b') as HTMLElement & { elements: { type: string }[] }
        ).elements.some((element) => element.type === 'rectangle'),
      undefined,
      WAIT,
    );
    const drawn = await elementIds(page, 'b');
    expect(drawn).toHaveLength(1);
    // The server keeps it on the second canvas; the first board and canvas never see it.
    for (;;) {
      const kept = await fetchScene(server.url, alice, second);
      if (kept.some((element) => element.id === drawn[0])) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await fetchScene(server.url, alice, first)).map((element) => element.id)).toEqual([
      'bob-0',
    ]);
    expect(await elementIds(page, 'a')).toEqual(['bob-0']);
    expect(await statusOf(page, 'a')).toBe('live');
  });
});

describe('a view link and a replay on a plain page', () => {
  it('shows a view link live and read-only until it is revoked, and plays the history back', async () => {
    const owner = await signUp(server.url, 'owner_embed');
    const canvasId = await createCanvas(server.url, owner, 'shared board');
    await drawOnCanvas(server.url, owner, canvasId, excalidrawRectangles('shared', 1));
    const link = await createViewLink(server.url, owner, canvasId);
    const url = site.page(
      'view.html',
      plainPage(
        embed.url,
        `${RECORD_EVENTS}
    <tabula-whiteboard id="v" server="${server.url}" view-token="${link.token}" height="360"></tabula-whiteboard>
    <tabula-replay id="r" server="${server.url}" canvas="${canvasId}" height="420"></tabula-replay>
    <script type="module">
      document.getElementById('r').token = ${JSON.stringify(owner.token)};
    </script>`,
      ),
    );
    const context = await openContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      // The link opens its canvas (found from the token alone), live, with no tools.
      await waitForStatus(page, 'v', 'live');
      await waitUntilReady(page, 'v');
      expect(await elementIds(page, 'v')).toEqual(['shared-0']);
      const tools = await page.evaluate(
        () =>
          document.getElementById('v')!.shadowRoot!.querySelectorAll('[data-testid^="toolbar-"]')
            .length,
      );
      expect(tools).toBe(0);
      // The replay shows the canvas's history: its timeline, and the stroke drawn.
      await page.waitForFunction(
        () =>
          Number(
            document
              .getElementById('r')
              ?.shadowRoot?.querySelector('[data-testid="replay-timeline"]')
              ?.getAttribute('aria-valuemax') ?? 0,
          ) >= 1,
        undefined,
        WAIT,
      );
      for (;;) {
        if ((await darkPixels(page, 'r')) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Revoked: the viewer is signed out at once.
      await revokeViewLink(server.url, owner, canvasId, link.linkId);
      await waitForStatus(page, 'v', 'signed-out');
      const events = await page.evaluate(
        () => (window as unknown as { __events: unknown[] }).__events,
      );
      expect(events).toContainEqual({ id: 'v', type: 'status', detail: { status: 'signed-out' } });
    } finally {
      await context.close();
    }
  });
});

describe('<tabula-whiteboard> styles stay inside its shadow root', () => {
  const PAGE_BODY = `<p id="text">Some page text</p><button id="button">A page button</button>`;
  const BOARD = `<tabula-whiteboard id="solo" height="420"></tabula-whiteboard>`;

  async function open(html: string, name: string): Promise<{ page: Page; close(): Promise<void> }> {
    const context = await openContext();
    const page = await context.newPage();
    await page.goto(site.page(name, html));
    return { page, close: () => context.close() };
  }

  it('the page’s CSS does not change the board, and the board’s CSS does not change the page', async () => {
    const plain = await open(plainPage(embed.url, `${PAGE_BODY}${BOARD}`), 'plain.html');
    const hostile = await open(
      plainPage(embed.url, `${PAGE_BODY}${BOARD}`, HOSTILE_CSS),
      'hostile.html',
    );
    const hostileAlone = await open(plainPage(embed.url, PAGE_BODY, HOSTILE_CSS), 'alone.html');
    try {
      for (const { page } of [plain, hostile]) {
        await waitForStatus(page, 'solo', 'local');
        await page.waitForFunction(
          () =>
            document
              .getElementById('solo')!
              .shadowRoot!.querySelector('[data-testid="toolbar-rectangle"]'),
          undefined,
          WAIT,
        );
      }
      const boardPlain = await boardElementStyles(plain.page, 'solo');
      const boardHostile = await boardElementStyles(hostile.page, 'solo');
      expect(Object.keys(boardPlain).length).toBeGreaterThan(3);
      expect(boardHostile).toEqual(boardPlain);
      // Sanity: the page's rule does reach the page's own elements.
      const pageHostile = await pageElementStyles(hostile.page);
      expect(pageHostile['#text']?.color).toBe('rgb(255, 0, 0)');
      // The board's styles leave the page's elements as they are without it.
      expect(pageHostile).toEqual(await pageElementStyles(hostileAlone.page));
    } finally {
      await Promise.all([plain.close(), hostile.close(), hostileAlone.close()]);
    }
  });

  it('takes typed text inside the shadow root (keys reach its text editor, not shortcuts)', async () => {
    const { page, close } = await open(plainPage(embed.url, `${PAGE_BODY}${BOARD}`), 'text.html');
    try {
      await waitUntilReady(page, 'solo');
      await page.locator('#solo [data-testid="toolbar-text"]').click({ force: true });
      const box = await page.locator('#solo').boundingBox();
      if (!box) throw new Error('the board has no box');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.locator('#solo textarea.excalidraw-wysiwyg').waitFor({ timeout: PAGE_WAIT_MS });
      // Letters that are also Excalidraw's tool shortcuts (r, e, a, t).
      await page.keyboard.type('rate this');
      await page.keyboard.press('Escape');
      await page.waitForFunction(
        () =>
          (
            document.getElementById('solo') as unknown as {
              elements: { type: string; text?: string }[];
            }
          ).elements.some((element) => element.type === 'text' && element.text === 'rate this'),
        undefined,
        WAIT,
      );
    } finally {
      await close();
    }
  });

  it('opens Excalidraw’s dialogs inside the board’s shadow root, styled', async () => {
    const { page, close } = await open(
      plainPage(embed.url, `${PAGE_BODY}${BOARD}`, HOSTILE_CSS),
      'dialog.html',
    );
    try {
      await waitUntilReady(page, 'solo');
      await page.locator('#solo [data-testid="main-menu-trigger"]').click();
      await page.locator('#solo [data-testid="help-menu-item"]').click();
      await page.waitForFunction(
        () => document.getElementById('solo')!.shadowRoot!.querySelector('.Modal'),
        undefined,
        WAIT,
      );
      const outside = await page.evaluate(
        () => document.querySelectorAll('body > .excalidraw-modal-container').length,
      );
      expect(outside).toBe(0);
      const dialog = await page.evaluate(() => {
        const host = document.getElementById('solo')!;
        const modal = host.shadowRoot!.querySelector('.Modal__content')!;
        const style = getComputedStyle(modal);
        const box = modal.getBoundingClientRect();
        const board = host.getBoundingClientRect();
        return {
          color: style.color,
          boxSizing: style.boxSizing,
          size: [box.width, box.height],
          withinBoard:
            box.left >= board.left &&
            box.top >= board.top &&
            box.right <= board.right &&
            box.bottom <= board.bottom,
        };
      });
      expect(dialog.color).not.toBe('rgb(255, 0, 0)');
      expect(dialog.boxSizing).toBe('border-box');
      // Laid out by Excalidraw's styles as the board's dialog, over the board.
      expect(dialog.size[0]).toBeGreaterThan(200);
      expect(dialog.size[1]).toBeGreaterThan(100);
      expect(dialog.withinBoard).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('the script-tag build is self-contained', () => {
  it('no page of this file requested anything off this machine (fonts, scripts, styles)', () => {
    expect(guards.length).toBeGreaterThan(0);
    expect(guards.flatMap((guard) => guard.outside)).toEqual([]);
  });
});
