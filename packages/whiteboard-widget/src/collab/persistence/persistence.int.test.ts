/**
 * `indexedDbPersistence` in Chromium: real IndexedDB, Web Locks and BroadcastChannel between
 * two tabs of one origin, and an outbox that survives a browser killed with SIGKILL.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_FLAGS, guardedContext, launchChromium, PAGE_WAIT_MS } from '@tabula/testing';
import { PERSISTENCE_PAGE_ROOT, startHarnessServer } from '../../test/harnessServer';
import type { HarnessServer } from '../../test/harnessServer';
import type { CanvasPersistence } from './CanvasPersistence';

/** What a test leaves on a tab's window. */
type TabWindow = Window & {
  kept?: CanvasPersistence;
  state?: { held: boolean; heard: number };
};

let page: HarnessServer;
beforeAll(async () => {
  page = await startHarnessServer(PERSISTENCE_PAGE_ROOT);
});
afterAll(async () => {
  await page?.close();
});

/** Opens the page and waits for its module. */
async function openPage(browser: Browser | { newPage(): Promise<Page> }): Promise<Page> {
  const tab = await browser.newPage();
  await tab.goto(page.url);
  await tab.waitForFunction(() => window.__kept !== undefined, undefined, {
    timeout: PAGE_WAIT_MS,
  });
  return tab;
}

/** Starts Debian's Chromium on `profile` with a DevTools port, as a process this test can kill. */
async function startChromium(
  profile: string,
): Promise<{ process: ChildProcess; browser: Browser }> {
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`Chromium exited: ${text}`)));
  });
  return { process: child, browser: await chromium.connectOverCDP(endpoint) };
}

/** Kills the browser like a crash (SIGKILL) and waits until it is gone. */
async function kill(browser: ChildProcess): Promise<void> {
  if (browser.exitCode !== null || browser.signalCode !== null) return;
  const gone = new Promise((resolve) => browser.once('exit', resolve));
  browser.kill('SIGKILL');
  await gone;
}

describe('indexedDbPersistence in Chromium', () => {
  it('gives one tab the sender lock, tells the other of outbox changes, and passes the lock on when the tab closes', async () => {
    const browser = await launchChromium();
    try {
      const context = await guardedContext(browser);
      const a = await openPage(context);
      const b = await openPage(context);
      await a.evaluate(async () => {
        const tab = window as TabWindow;
        tab.kept = window.__kept.indexedDbPersistence('tabula:u1');
        await tab.kept.lockSender('c1').held;
      });
      await b.evaluate(() => {
        const tab = window as TabWindow;
        const state = { held: false, heard: 0 };
        tab.kept = window.__kept.indexedDbPersistence('tabula:u1');
        void tab.kept.lockSender('c1').held.then(() => (state.held = true));
        tab.kept.watchOutbox('c1', () => (state.heard += 1));
        tab.state = state;
      });
      // B waits in Web Locks' queue (the browser's, across tabs).
      await b.waitForFunction(async () => {
        const query = await navigator.locks.query();
        return (query.pending ?? []).some((lock) => lock.name?.endsWith(':c1'));
      });
      expect(await b.evaluate(() => (window as TabWindow).state?.held)).toBe(false);

      await a.evaluate(() =>
        (window as TabWindow).kept?.addToOutbox('c1', [{ eventId: 'e1', elements: [] }]),
      );
      await b.waitForFunction(() => ((window as TabWindow).state?.heard ?? 0) > 0);
      const seen = await b.evaluate(async () =>
        ((await (window as TabWindow).kept?.loadOutbox('c1')) ?? []).map((e) => e.eventId),
      );
      expect(seen).toEqual(['e1']);

      await a.close();
      await b.waitForFunction(() => (window as TabWindow).state?.held === true);
    } finally {
      await browser.close();
    }
  });

  it('keeps the outbox through a browser killed with SIGKILL right after the writes resolved', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'tabula-kept-profile-'));
    try {
      const first = await startChromium(profile);
      const tab = await openPage(first.browser.contexts()[0]!);
      await tab.evaluate(async () => {
        const kept = window.__kept.indexedDbPersistence('tabula:u1');
        for (let n = 1; n <= 50; n += 1)
          await kept.addToOutbox('c1', [{ eventId: `e${n}`, elements: [] }]);
      });
      await kill(first.process);

      const second = await startChromium(profile);
      try {
        const again = await openPage(second.browser.contexts()[0]!);
        const ids = await again.evaluate(async () =>
          (await window.__kept.indexedDbPersistence('tabula:u1').loadOutbox('c1')).map(
            (e) => e.eventId,
          ),
        );
        expect(ids).toEqual(Array.from({ length: 50 }, (_, n) => `e${n + 1}`));
      } finally {
        await kill(second.process);
      }
    } finally {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  it('keeps and reads back a 5,000-element scene (timings and bytes printed for the docs)', async () => {
    const browser = await launchChromium();
    try {
      const tab = await openPage(await guardedContext(browser));
      const figures = await tab.evaluate(async () => {
        const elements = Array.from({ length: 5000 }, (_, n) => ({
          id: `el${n}`,
          type: 'freedraw',
          version: 3,
          versionNonce: n,
          isDeleted: false,
          index: `a${n.toString(36).padStart(4, '0')}`,
          x: (n % 100) * 20,
          y: Math.floor(n / 100) * 20,
          width: 18,
          height: 18,
          points: Array.from({ length: 24 }, (_, p) => [p * 0.75, (p * 7) % 18]),
        }));
        const kept = window.__kept.indexedDbPersistence('tabula:figures');
        const before = (await navigator.storage.estimate()).usage ?? 0;
        const saveStart = performance.now();
        await kept.saveScene('big', { elements, revision: 5000, syncedAt: Date.now() });
        const saveMs = performance.now() - saveStart;
        const loadStart = performance.now();
        const scene = await kept.loadScene('big');
        const loadMs = performance.now() - loadStart;
        const after = (await navigator.storage.estimate()).usage ?? 0;
        return {
          count: scene?.elements.length ?? 0,
          same: JSON.stringify(scene?.elements) === JSON.stringify(elements),
          jsonBytes: JSON.stringify(elements).length,
          storedBytes: after - before,
          saveMs: Math.round(saveMs),
          loadMs: Math.round(loadMs),
        };
      });
      console.log(`[figures] 5,000-element scene in IndexedDB: ${JSON.stringify(figures)}`);
      expect(figures.count).toBe(5000);
      expect(figures.same).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
