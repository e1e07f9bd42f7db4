/**
 * The iframe embed in Chromium: plain pages on two other origins (static servers on other
 * 127.0.0.1 ports) frame `/embed/<token>` of a real Tabula server whose `EMBED_ORIGINS` names
 * only the first. From the allowed origin the frame shows the canvas live and read-only (the
 * `<tabula-whiteboard>` of the widget's embed build, built first when stale): the drawing, then
 * a stroke the owner adds. From the other origin the browser refuses to load the frame
 * (`frame-ancestors`): a real frame load, not only a header read.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { guardLocalOnly, launchChromium } from '@tabula/testing';
import type { LocalOnlyGuard } from '@tabula/testing';
import { ensurePackageBuilt } from '../../../packages/whiteboard-widget/src/test/packageBuild';
import { element } from './scenario';
import type { SharedCanvas } from './support/viewLink';
import { sharedCanvas } from './support/viewLink';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

/** Hang guards for a machine busy ten times over; no verdict depends on them. */
const WAIT = { timeout: 120_000, polling: 50 };

interface Site {
  origin: string;
  close(): Promise<void>;
}

/** A static site on its own port (its own origin) answering `page()` for any path. */
async function startSite(page: () => string): Promise<Site> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type BoardElement = HTMLElement & {
  status: string;
  readOnly: boolean;
  elements: { id: string }[];
};

/** What the framed board shows: its status and the ids of its elements. */
function boardState(frame: Frame) {
  return frame.evaluate(() => {
    const board = document.querySelector<BoardElement>('tabula-whiteboard');
    return { status: board?.status, ids: board?.elements.map((one) => one.id) ?? [] };
  });
}

describe('the iframe embed in Chromium', () => {
  let server: TestServer;
  let allowed: Site;
  let other: Site;
  let shared: SharedCanvas;
  let browser: Browser;
  let context: BrowserContext;
  let guard: LocalOnlyGuard;
  const framing = () =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page elsewhere</title></head>
<body><h1>Our wiki</h1><iframe id="board" src="${server.url}/embed/${shared.token}" width="800" height="600" title="Board"></iframe></body></html>`;

  beforeAll(async () => {
    ensurePackageBuilt();
    [allowed, other] = await Promise.all([startSite(framing), startSite(framing)]);
    server = await startTestServer({ overrides: { embedOrigins: [allowed.origin] } });
    shared = await sharedCanvas(server, 'Framed board');
    browser = await launchChromium();
    context = await browser.newContext();
    // Records (and blocks) any request off this machine: the frame's fonts included, none may.
    guard = await guardLocalOnly(context);
  }, 900_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await allowed?.close();
    await other?.close();
  });

  /**
   * Opens the wiki page of `site`: the page, its frame, and the policy the server answered the
   * embed with (checked: a 200 that lets the allowed site frame it, and no other).
   */
  async function openWiki(site: Site): Promise<{ page: Page; frame: Frame }> {
    const answer = context.waitForEvent('response', {
      predicate: (response) => response.url() === `${server.url}/embed/${shared.token}`,
      timeout: WAIT.timeout,
    });
    const page = await context.newPage();
    await page.goto(`${site.origin}/wiki.html`);
    const embed = await answer;
    expect(embed.status()).toBe(200);
    const policy = embed.headers()['content-security-policy'];
    expect(policy).toMatch(new RegExp(`frame-ancestors 'self' ${allowed.origin}(;|$)`));
    expect(policy).not.toContain(other.origin);
    const frame = (await (await page.waitForSelector('#board')).contentFrame())!;
    return { page, frame };
  }

  it('from an allowed origin, the frame shows the canvas live and read-only', async () => {
    const { page, frame } = await openWiki(allowed);
    await frame.waitForFunction(
      () => {
        const board = document.querySelector<BoardElement>('tabula-whiteboard');
        return board?.status === 'live' && board.elements.some((one) => one.id === 'box');
      },
      undefined,
      WAIT,
    );
    expect(frame.url()).toBe(`${server.url}/embed/${shared.token}`);
    expect(await frame.title()).toBe('Framed board · Tabula');
    // Drawn: the board's canvas fills the frame.
    const canvasSize = await frame.evaluate(() => {
      const board = document.querySelector('tabula-whiteboard')!;
      const canvases = Array.from(board.shadowRoot?.querySelectorAll('canvas') ?? []);
      return Math.max(0, ...canvases.map((canvas) => canvas.getBoundingClientRect().width));
    });
    expect(canvasSize).toBeGreaterThan(700);
    expect(
      await frame.evaluate(
        () => document.querySelector<BoardElement>('tabula-whiteboard')?.readOnly,
      ),
    ).toBe(true);
    // Live: what the owner draws now appears in the frame.
    await shared.draw([element('added-later', { x: 400, y: 100, index: 'a1' })]);
    await frame.waitForFunction(
      () =>
        document
          .querySelector<BoardElement>('tabula-whiteboard')
          ?.elements.some((one) => one.id === 'added-later'),
      undefined,
      WAIT,
    );
    expect((await boardState(frame)).ids.sort()).toEqual(['added-later', 'box']);
    // All of it from this server: no request (a font's CDN copy either) left the machine.
    expect(guard.outside).toEqual([]);
    await page.close();
  });

  it('from any other origin, the browser refuses to load the frame', async () => {
    // The server answers the embed, with a policy that names only the allowed site…
    const { page, frame } = await openWiki(other);
    // …and the browser puts its error page in the frame instead of the board.
    await expect.poll(() => frame.url(), { timeout: WAIT.timeout }).toMatch(/^chrome-error:/);
    expect(await frame.evaluate(() => document.querySelector('tabula-whiteboard'))).toBeNull();
    // The page itself is there.
    expect(await page.locator('h1').textContent()).toBe('Our wiki');
    expect(guard.outside).toEqual([]);
    await page.close();
  });
});
