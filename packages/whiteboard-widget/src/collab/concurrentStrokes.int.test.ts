/**
 * Two Chromium pages (the test harness) drawing freedraw strokes at the same time, at the top of
 * the stack, against the real server in this process (its event log is read): Excalidraw gives
 * one of the two same-index elements a new index in place, and a page must not take that for a
 * change of its own and commit a partial copy of the peer's stroke. Whether the two indices
 * collide depends on the pages' timing; `CollaborationClient.test.ts` reproduces the re-index
 * deterministically.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, pickTool } from '@tabula/testing';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { startHarnessServer } from '../test/harnessServer';
import type { HarnessServer } from '../test/harnessServer';

let harness: HarnessServer;
let browser: Browser;

beforeAll(async () => {
  harness = await startHarnessServer();
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** What each page logged (errors, warnings), to say why one never went live. */
const logs = new Map<Page, string[]>();

/** Waits until the page's collaboration status is `status`; on a hang, says where it stood. */
async function waitForStatus(page: Page, status: string, timeout: number): Promise<void> {
  try {
    await page.waitForFunction((wanted) => window.__tabula?.live?.status === wanted, status, {
      timeout,
      polling: 50,
    });
  } catch (error) {
    const stood = await page.evaluate(() => window.__tabula?.live?.status ?? 'no engine');
    const logged = (logs.get(page) ?? []).slice(-20).join('\n');
    throw new Error(`${String(error)}\nstatus: ${stood}\npage log:\n${logged}`);
  }
}

describe('two pages drawing at the top of the stack at once', () => {
  let logged: InMemoryServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    logged = await startInMemoryServer({ allowedOrigins: [new URL(harness.url).origin] });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await logged?.close();
  });

  it('commits each stroke exactly once (a peer’s preview the editor re-indexes is not echoed)', async () => {
    const alice = await logged.createUserAndToken('alice');
    const bob = await logged.createUserAndToken('bob');
    const canvasId = await logged.createCanvas(alice.token, 'both at once');
    await logged.addCollaborator(alice.userId, canvasId, bob.userId);
    const pages: Page[] = [];
    for (const user of [alice, bob]) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      const log: string[] = [];
      logs.set(page, log);
      page.on('console', (message) => {
        if (message.type() !== 'log') log.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
      const query = new URLSearchParams({
        server: logged.url,
        token: user.token,
        canvas: canvasId,
        user: user.userId,
      });
      await page.goto(`${harness.url}?${query.toString()}`);
      pages.push(page);
    }
    // A hang guard, not a verdict: on a loaded 2-core machine two pages loading Excalidraw
    // took over 30 s to go live.
    for (const page of pages) await waitForStatus(page, 'live', 90_000);
    const [a, b] = pages as [Page, Page];
    for (const page of pages) await pickTool(page, 'freedraw');
    const strokesOn = (page: Page) =>
      page.evaluate(
        () =>
          window.__tabula.board!.getScene().filter((e) => e.type === 'freedraw' && !e.isDeleted)
            .length,
      );
    await a.mouse.move(300, 300);
    await b.mouse.move(300, 500);
    // Both strokes start before either page hears of the other's (same top index, as can be).
    await Promise.all([a.mouse.down(), b.mouse.down()]);
    try {
      for (let i = 1; i <= 10; i += 1) {
        await a.mouse.move(300 + i * 15, 300 + (i % 3) * 10);
        await b.mouse.move(300 + i * 15, 500 + (i % 3) * 10);
      }
      // Each page shows its own stroke and the other's preview, both still drawn.
      for (const page of pages)
        await expect.poll(() => strokesOn(page), { timeout: 10_000 }).toBe(2);
      for (let i = 11; i <= 20; i += 1) {
        await a.mouse.move(300 + i * 15, 300 + (i % 3) * 10);
        await b.mouse.move(300 + i * 15, 500 + (i % 3) * 10);
      }
    } finally {
      await a.mouse.up();
      await b.mouse.up();
    }
    const drawn = async () => {
      const counts = new Map<string, number>();
      for (const event of await logged.events()) {
        if (event.type !== 'LineDrawn') continue;
        for (const element of (event.data as { elements: { id: string }[] }).elements)
          counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
      }
      return counts;
    };
    await expect.poll(async () => (await drawn()).size, { timeout: 10_000 }).toBe(2);
    // Both pages have nothing left to send: every commit they were going to make is in the log.
    for (const page of pages)
      await expect
        .poll(() => page.evaluate(() => window.__tabula.client?.pendingCount), {
          timeout: 10_000,
        })
        .toBe(0);
    expect([...(await drawn()).values()]).toEqual([1, 1]);
  }, 240_000);
});
