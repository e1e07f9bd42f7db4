/**
 * Issue 10 point 0 in Chromium: an image one user drops on a live canvas reaches the other
 * (the image element in their editor, drawn from its file), stays after the other reloads,
 * and an image the server refuses (an SVG holding a script) is refused with a message the
 * user sees. The history screen's replay draws the image from its file (paused and playing),
 * and so do its PNG and SVG exports of the frame and its WebM timelapse.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser, Response } from 'playwright-core';
import { FILE_UNSAFE_SVG } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { boardElements, elementsWhenReady } from './board';
import { seedCanvas, ServerClient, share, tokenOf, userIdOf } from './serverAccess';
import {
  checkActorsAfterEach,
  expectToast,
  launchChromium,
  newUser,
  openActor,
  signUp,
} from './support';
import type { Actor } from './support';

/**
 * How long a check on the partner's editor may wait: the partner may ask for the file before
 * the upload is in, and asks again every few seconds (a hang guard, not a verdict).
 */
const HANG_GUARD = { timeout: 15_000 };

const SHOTS = '/tmp/tabula-images-shots';

/** The colour the dropped picture is painted in, to find it on the other editor's canvas. */
const MAGENTA = [255, 0, 255] as const;

const images = (elements: SceneElement[]) =>
  elements.filter((element) => element.type === 'image' && !element.isDeleted);

/**
 * Drops a file on the board as a user dragging it from their desktop would: a PNG painted
 * magenta (with a few random pixels, so its bytes are new), or an SVG of the given text.
 */
async function dropFile(
  page: Page,
  file: { png: true } | { svg: string } | { gif: number[] },
): Promise<void> {
  await page.evaluate(async (given) => {
    let blob: Blob;
    if ('svg' in given) blob = new Blob([given.svg], { type: 'image/svg+xml' });
    else if ('gif' in given) blob = new Blob([new Uint8Array(given.gif)], { type: 'image/gif' });
    else {
      const canvas = new OffscreenCanvas(160, 100);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#ff00ff';
      context.fillRect(0, 0, 160, 100);
      for (let i = 0; i < 8; i += 1) {
        context.fillStyle = `rgb(${Math.floor(Math.random() * 255)}, 10, 10)`;
        context.fillRect(i * 20, 95, 2, 2);
      }
      blob = await canvas.convertToBlob({ type: 'image/png' });
    }
    const name = 'svg' in given ? 'drawing.svg' : 'gif' in given ? 'small.gif' : 'picture.png';
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], name, { type: blob.type }));
    const target = document.querySelector('.excalidraw-container')!;
    const box = target.getBoundingClientRect();
    target.dispatchEvent(
      new DragEvent('drop', {
        bubbles: true,
        cancelable: true,
        dataTransfer: transfer,
        clientX: box.x + box.width / 2,
        clientY: box.y + box.height / 2,
      }),
    );
  }, file);
}

/** A 1 × 1 magenta GIF. */
const GIF = [
  ...[0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00],
  ...[0xff, 0x00, 0xff, 0x00, 0x00, 0x00],
  ...[0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
  ...[0x02, 0x02, 0x44, 0x01, 0x00, 0x3b],
];

/**
 * How many pixels of the editor's drawing canvas are magenta (the dropped picture, drawn): the
 * live board's, or the one inside `scope` (the replay player's board); or of a PNG file.
 */
function magentaPixels(page: Page, scope = '', png?: Buffer): Promise<number> {
  return page.evaluate(
    async ([colour, within, bytes]) => {
      let data: Uint8ClampedArray;
      if (bytes) {
        const decoded = Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([decoded], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        ({ data } = context.getImageData(0, 0, canvas.width, canvas.height));
      } else {
        const canvas = document.querySelector<HTMLCanvasElement>(
          `${within} canvas.excalidraw__canvas.static`,
        );
        const context = canvas?.getContext('2d');
        if (!canvas || !context) return 0;
        ({ data } = context.getImageData(0, 0, canvas.width, canvas.height));
      }
      let count = 0;
      for (let at = 0; at < data.length; at += 4)
        if (
          Math.abs(data[at]! - colour[0]) < 8 &&
          Math.abs(data[at + 1]! - colour[1]) < 8 &&
          Math.abs(data[at + 2]! - colour[2]) < 8
        )
          count += 1;
      return count;
    },
    [MAGENTA, scope, png?.toString('base64') ?? ''] as const,
  );
}

describe('images on a live canvas', () => {
  let browser: Browser;
  let owner: Actor;
  let guest: Actor;
  let canvasId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    owner = await openActor(browser);
    guest = await openActor(browser);
    await signUp(owner.page, newUser('pictor'));
    await signUp(guest.page, newUser('viewer'));
    const ownerToken = await tokenOf(owner.page);
    const guestToken = await tokenOf(guest.page);
    const ownerClient = await ServerClient.connect(ownerToken);
    const guestClient = await ServerClient.connect(guestToken);
    const canvas = await seedCanvas(ownerClient, ownerToken, 'Pictures');
    await share(ownerClient, guestClient, canvas, await userIdOf(guestToken));
    ownerClient.close();
    guestClient.close();
    canvasId = canvas.canvasId;
  });

  checkActorsAfterEach(
    () => ({ owner, guest }),
    () => browser,
  );

  it('reaches the partner with its file, and is still there after the partner reloads', async () => {
    for (const { page } of [owner, guest]) {
      await page.goto(`/livecanvas/${canvasId}`);
      await elementsWhenReady(page, canvasId);
    }
    expect(await magentaPixels(guest.page)).toBe(0);
    // What crosses the wire: the upload's JSON body, and the bytes the partner fetches.
    const uploaded: number[] = [];
    const fetched: number[] = [];
    owner.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/canvas/file/'))
        uploaded.push(request.postDataBuffer()?.length ?? 0);
    });
    const countFetched = (response: Response) => {
      if (response.request().method() === 'GET' && response.url().includes('/canvas/file/'))
        void response.body().then(
          (body) => fetched.push(response.status() === 200 ? body.length : 0),
          // The page reloaded or closed before the body was read: none to count.
          () => fetched.push(0),
        );
    };
    guest.page.on('response', countFetched);
    await dropFile(owner.page, { png: true });
    await expect.poll(async () => images(await boardElements(owner.page)).length).toBe(1);
    await expect.poll(() => magentaPixels(owner.page)).toBeGreaterThan(1000);

    // The partner has the element, with the same file id, and draws it from the file. The
    // element may reach the partner first as Excalidraw's placeholder, before its file id is set.
    const [sent] = images(await boardElements(owner.page));
    const fileIds = async () =>
      images(await boardElements(guest.page)).map((image) => (image as { fileId?: string }).fileId);
    await expect.poll(fileIds, HANG_GUARD).toEqual([(sent as { fileId?: string }).fileId]);
    const [seen] = images(await boardElements(guest.page));
    await expect.poll(() => magentaPixels(guest.page), HANG_GUARD).toBeGreaterThan(1000);
    // Sent once, as base64 (4/3 of the bytes plus the names); fetched as the bytes themselves.
    expect(uploaded.length).toBe(1);
    await expect.poll(() => fetched.filter((size) => size > 0).length).toBe(1);
    const bytes = fetched.find((size) => size > 0)!;
    expect(uploaded[0]!).toBeGreaterThan(bytes * 1.3);
    console.info(`image upload body ${uploaded[0]} B, fetched ${bytes} B (${fetched.length} GETs)`);
    guest.page.off('response', countFetched);

    await guest.page.reload();
    const reloaded = images(await elementsWhenReady(guest.page, canvasId));
    expect(reloaded.map((element) => element.id)).toEqual([seen!.id]);
    await expect.poll(() => magentaPixels(guest.page), HANG_GUARD).toBeGreaterThan(1000);
  });

  it('refuses an SVG holding a script, says why and takes the picture off the board', async () => {
    await dropFile(owner.page, {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40" fill="#00ff00"/></svg>',
    });
    await expectToast(owner.page, FILE_UNSAFE_SVG);
    // The refused picture leaves the board (the partner's too: the engine's tests show it).
    await expect.poll(async () => images(await boardElements(owner.page)).length).toBe(1);
  });

  it('takes a GIF, which Excalidraw re-encodes, and gets it to the partner', async () => {
    const answered: number[] = [];
    owner.page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().includes('/canvas/file/'))
        answered.push(response.status());
    });
    await dropFile(owner.page, { gif: GIF });
    await expect.poll(() => answered).toEqual([201]);
    // The PNG and the GIF, on both boards (a refused picture before them left both).
    const imageIds = async (page: Page) =>
      images(await boardElements(page))
        .map((element) => element.id)
        .sort();
    await expect.poll(async () => (await imageIds(owner.page)).length).toBe(2);
    const sent = await imageIds(owner.page);
    await expect.poll(() => imageIds(guest.page), HANG_GUARD).toEqual(sent);
  });

  it("shows in the history's replay, drawn from its file, and in the replay's exports", async () => {
    const { page } = owner;
    await mkdir(SHOTS, { recursive: true });
    const fetched: string[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'GET' && response.url().includes('/canvas/file/'))
        fetched.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`/livecanvas/${canvasId}/history`);
    const player = page.getByTestId('history-player');
    await player.getByRole('group', { name: 'Export' }).waitFor();
    // The replay's board (Excalidraw, paused at the latest revision) draws the picture.
    await expect
      .poll(() => magentaPixels(page, '.tabula-replay-board'), HANG_GUARD)
      .toBeGreaterThan(1000);
    await page.screenshot({ path: `${SHOTS}/replay.png` });

    const exported = async (label: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        player.getByRole('button', { name: label }).click(),
      ]);
      return readFile((await download.path())!);
    };
    const png = await exported('Export PNG');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await writeFile(`${SHOTS}/replay-export.png`, png);
    expect(await magentaPixels(page, '', png)).toBeGreaterThan(1000);
    // The SVG export embeds the picture's bytes.
    const svg = (await exported('Export SVG')).toString('utf8');
    expect(svg).toMatch(/<image[^>]+href="data:image\/png;base64,/);

    // Played, the picture is drawn on the playback layer too. The layer shows only while
    // playing, so the page counts its magenta pixels each time a bitmap lands on it (however
    // briefly it is shown, and however slowly this machine polls). Played from the entry
    // before the last (the GIF), the picture is on the layer's first frame: the whole replay
    // plays at the pace the strokes were drawn, which on a busy machine was slow.
    await page.evaluate((colour) => {
      const layer = document.querySelector<HTMLCanvasElement>('.tabula-replay-board > canvas')!;
      const context = layer.getContext('2d')!;
      const seen = window as unknown as { layerMagenta: number };
      seen.layerMagenta = 0;
      const drawImage = context.drawImage.bind(context) as (...args: unknown[]) => void;
      context.drawImage = ((...args: unknown[]) => {
        drawImage(...args);
        const { data } = context.getImageData(0, 0, layer.width, layer.height);
        let count = 0;
        for (let at = 0; at < data.length; at += 4)
          if (data[at] === colour[0] && data[at + 1] === colour[1] && data[at + 2] === colour[2])
            count += 1;
        seen.layerMagenta = Math.max(seen.layerMagenta, count);
      }) as CanvasRenderingContext2D['drawImage'];
    }, MAGENTA);
    const play = player.getByRole('button', { name: 'Play' });
    await play.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await play.click();
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { layerMagenta: number }).layerMagenta),
        HANG_GUARD,
      )
      .toBeGreaterThan(1000);
    // Each file of the replay was asked for once.
    expect(fetched.length).toBeGreaterThan(0);
    expect(new Set(fetched).size).toBe(fetched.length);

    // The timelapse ends on the picture: its last frame, decoded on a blank page (the app's CSP
    // allows no blob: media).
    const webm = await exported('Export video');
    await writeFile(`${SHOTS}/replay.webm`, webm);
    expect(await lastFrameMagenta(browser, webm)).toBeGreaterThan(1000);
  });
});

/** How many pixels of a WebM's last frame are magenta (within the codec's error). */
async function lastFrameMagenta(browser: Browser, webm: Buffer): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const video = document.createElement('video');
      video.muted = true;
      video.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
      const once = (event: string) =>
        new Promise((resolve) => video.addEventListener(event, resolve, { once: true }));
      // A recorded WebM has no index to seek by: it is played to its end, which stays shown.
      const ended = once('ended');
      await video.play();
      await ended;
      const canvas = new OffscreenCanvas(video.videoWidth, video.videoHeight);
      const context2d = canvas.getContext('2d')!;
      context2d.drawImage(video, 0, 0);
      const { data } = context2d.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let at = 0; at < data.length; at += 4)
        if (data[at]! > 200 && data[at + 1]! < 60 && data[at + 2]! > 200) count += 1;
      return count;
    }, webm.toString('base64'));
  } finally {
    await context.close();
  }
}
