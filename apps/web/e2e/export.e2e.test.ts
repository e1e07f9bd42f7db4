/**
 * Issue #10 point 2 in Chromium against the real server and its Content-Security-Policy: a
 * board with text on it is exported from the header (the whole board, then the selection
 * alone) and from Excalidraw's own "Export image…" dialog; the files are named after the
 * canvas, are real PNG / SVG with the text and its font embedded from the self-hosted copies,
 * and no CSP violation is reported on the way (font subsetting runs WebAssembly in a worker).
 * Excalidraw's main menu shows no Excalidraw links, socials or canvas background picker.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { elementsWhenReady } from './board';
import { seedCanvas, ServerClient, tokenOf } from './serverAccess';
import {
  boardRegion,
  checkActorsAfterEach,
  launchChromium,
  newUser,
  signedUpActors,
  watchPageProblems,
} from './support';
import type { Actor } from './support';

const SHOTS = '/work/notes/screens';
const CANVAS_NAME = 'Roadmap: export';
/** The file name the canvas name gives (':' is no file system's friend). */
const FILE_BASE = 'Roadmap export';
const BOXED = 'Boxed words';
const LOOSE = 'Loose words';

type CspWindow = Window & { __cspViolations?: string[] };
type BoardWindow = Window & {
  __tabulaBoard?: { elements(): { type: string; text?: string; containerId?: string | null }[] };
};

/** The CSP violations the page reported (collected from the start by an init script). */
function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as CspWindow).__cspViolations ?? []);
}

/** Chooses `label` in the header's Export menu and returns the download it starts. */
async function exportFromHeader(page: Page, label: string): Promise<Download> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: label }).click(),
  ]);
  return download;
}

/** The downloaded file's bytes. */
async function bytesOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

/** A PNG starts with its signature. */
function expectPng(bytes: Buffer): void {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
}

/** An SVG document whose fonts are embedded (data: URLs), nothing fetched from elsewhere. */
function svgText(bytes: Buffer): string {
  const svg = bytes.toString('utf8');
  expect(svg.trimStart()).toMatch(/^<svg[\s>]/);
  expect(svg).toMatch(/@font-face\s*{[^}]*src:\s*url\(["']?data:font\/woff2;base64,/);
  expect(svg).not.toMatch(/url\(["']?https?:/);
  return svg;
}

/** Types `text` into the text editor Excalidraw has open, and closes it. */
async function typeText(page: Page, text: string): Promise<void> {
  const editor = page.locator('textarea.excalidraw-wysiwyg');
  await editor.waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached' });
}

/** Clicks an empty part of the board: nothing is selected after. */
async function deselect(page: Page): Promise<void> {
  const empty = await boardRegion(page, 0.85, 0.3, 0, 0);
  await page.mouse.click(empty.x, empty.y);
}

describe('export from the header and from Excalidraw, under the CSP', () => {
  let browser: Browser;
  let owner: Actor;
  let canvasId: string;
  let rectangleId: string;
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    owner = (await signedUpActors(browser, newUser('exporter')))[0]!;
    await owner.context.addInitScript(() => {
      // Excalidraw saves through the File System Access picker where there is one (a native
      // dialog a test cannot answer); without it, it downloads like the header does.
      const pickers = window as { showOpenFilePicker?: unknown; showSaveFilePicker?: unknown };
      delete pickers.showOpenFilePicker;
      delete pickers.showSaveFilePicker;
      const violations: string[] = [];
      (window as CspWindow).__cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(
          `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      });
    });
    watchPageProblems({ owner }, problems);
    const token = await tokenOf(owner.page);
    const client = await ServerClient.connect(token);
    try {
      const seeded = await seedCanvas(client, token, CANVAS_NAME);
      canvasId = seeded.canvasId;
      rectangleId = seeded.elementIds[0]!;
    } finally {
      client.close();
    }

    // Text in the seeded rectangle (double-click it) and a loose text below it.
    const { page } = owner;
    await page.goto(`/canvas/${canvasId}`);
    await elementsWhenReady(page, canvasId);
    const middle = await boardRegion(page, 0.5, 0.5, 0, 0);
    await page.mouse.dblclick(middle.x, middle.y);
    await typeText(page, BOXED);
    const below = await boardRegion(page, 0.45, 0.8, 0, 0);
    await page.keyboard.press('t');
    await page.mouse.click(below.x, below.y);
    await typeText(page, LOOSE);
    // Both texts on the board, the first one bound to the rectangle.
    await page.waitForFunction(
      ([boxed, loose, container]) => {
        const probe = (window as BoardWindow).__tabulaBoard;
        const texts = (probe?.elements() ?? []).filter((element) => element.type === 'text');
        return (
          texts.length === 2 &&
          texts.some((text) => text.text === boxed && text.containerId === container) &&
          texts.some((text) => text.text === loose && !text.containerId)
        );
      },
      [BOXED, LOOSE, rectangleId] as const,
    );
    await deselect(page);
  });

  checkActorsAfterEach(
    () => ({ owner }),
    () => browser,
  );

  it('exports the whole board as PNG and SVG named after the canvas, text and font embedded', async () => {
    const { page } = owner;
    const png = await exportFromHeader(page, 'PNG image');
    expect(png.suggestedFilename()).toBe(`${FILE_BASE}.png`);
    expectPng(await bytesOf(png));

    const svg = await exportFromHeader(page, 'SVG image');
    expect(svg.suggestedFilename()).toBe(`${FILE_BASE}.svg`);
    const text = svgText(await bytesOf(svg));
    expect(text).toContain(BOXED);
    expect(text).toContain(LOOSE);

    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('offers the selection alone while something is selected, as <name>-selection', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    expect(await page.getByRole('menuitem', { name: /^Selection/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Clicking the rectangle's text selects the rectangle (its text comes with it).
    const middle = await boardRegion(page, 0.5, 0.5, 0, 0);
    await page.mouse.click(middle.x, middle.y);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Selection as SVG' }).waitFor();
    await page.screenshot({
      path: `${SHOTS}/export-selection-menu-after.png`,
      animations: 'disabled',
    });
    await page.keyboard.press('Escape');

    const svg = await exportFromHeader(page, 'Selection as SVG');
    expect(svg.suggestedFilename()).toBe(`${FILE_BASE}-selection.svg`);
    const text = svgText(await bytesOf(svg));
    expect(text).toContain(BOXED);
    expect(text).not.toContain(LOOSE);

    const png = await exportFromHeader(page, 'Selection as PNG');
    expect(png.suggestedFilename()).toBe(`${FILE_BASE}-selection.png`);
    expectPng(await bytesOf(png));

    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("trims Excalidraw's main menu and its Export image… names the file after the canvas", async () => {
    const { page } = owner;
    await deselect(page);
    await page.getByTestId('main-menu-trigger').click();
    const menu = page.getByTestId('dropdown-menu');
    await menu.waitFor();
    await page.screenshot({ path: `${SHOTS}/export-main-menu-after.png`, animations: 'disabled' });
    const items = await menu
      .locator('.dropdown-menu-item, .dropdown-menu-group-title')
      .allTextContents();
    expect(items.map((item) => item.trim().replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Find on canvas/),
      expect.stringMatching(/^Export image/),
      expect.stringMatching(/^Help/),
      expect.stringMatching(/^Reset the canvas/),
    ]);
    for (const gone of ['GitHub', 'Discord', 'Follow us', 'Excalidraw links', 'Excalidraw+']) {
      expect(await menu.getByText(gone).count()).toBe(0);
    }
    expect(await menu.getByText('Canvas background').count()).toBe(0);

    await menu.getByText(/^Export image/).click();
    const dialog = page.locator('.ImageExportModal');
    await dialog.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /SVG/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${FILE_BASE}.svg`);
    const text = svgText(await bytesOf(download));
    expect(text).toContain(BOXED);
    expect(text).toContain(LOOSE);
    await page.keyboard.press('Escape');

    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
