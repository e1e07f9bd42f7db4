/**
 * `GET /oembed` on the real app (SQLite log, real view links): the `rich` answer for a link of
 * this server (its page or its embed address), sized to `maxwidth`/`maxheight`, with the
 * canvas's name escaped in the iframe; nothing for a revoked, unknown or foreign link (404);
 * the codes of bad input (400, 501). And the link's pictures: `/canvas/view/:token/thumbnail`
 * (SVG) and its 1200×630 PNG card `/canvas/view/:token/card.png`, the one unfurls name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OEMBED_MESSAGES } from '../src/features/embeds/oembed';
import { element } from './scenario';
import { pngPixels } from './support/pngPixels';
import type { SharedCanvas } from './support/viewLink';
import { sharedCanvas } from './support/viewLink';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

const NAME = 'Plans <script>alert(1)</script> & "co"';

describe('GET /oembed', () => {
  let server: TestServer;
  let shared: SharedCanvas;
  let revoked: SharedCanvas;
  let empty: SharedCanvas;

  beforeAll(async () => {
    server = await startTestServer();
    [shared, revoked, empty] = await Promise.all([
      sharedCanvas(server, NAME),
      sharedCanvas(server, 'Withdrawn'),
      sharedCanvas(server, 'Nothing yet', { empty: true }),
    ]);
    await revoked.revoke();
  });
  afterAll(() => server.close());

  const oembed = async (query: Record<string, string>) => {
    const answer = await fetch(`${server.url}/oembed?${new URLSearchParams(query)}`);
    return { status: answer.status, headers: answer.headers, body: await answer.json() };
  };
  const page = (token: string) => `${server.url}/view/${token}`;

  it('answers a rich embed of the link: the iframe, the name, the provider and the picture', async () => {
    const { status, headers, body } = await oembed({ url: page(shared.token), format: 'json' });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'Tabula',
      provider_url: `${server.url}/`,
      title: NAME,
      html: expect.any(String),
      width: 800,
      height: 600,
      thumbnail_url: `${server.url}/canvas/view/${shared.token}/card.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(body.html).toBe(
      `<iframe src="${server.url}/embed/${shared.token}" width="800" height="600" ` +
        'title="Plans &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;" ' +
        'style="border:0" loading="lazy" allowfullscreen></iframe>',
    );
    // The picture it names is a PNG of the size it says, showing the drawing on white.
    const picture = await fetch(body.thumbnail_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const card = pngPixels(Buffer.from(await picture.arrayBuffer()));
    expect([card.width, card.height]).toEqual([1200, 630]);
    expect(card.at(0, 0)).toEqual({ rgb: '#ffffff', alpha: 255 });
    expect(card.at(1199, 629)).toEqual({ rgb: '#ffffff', alpha: 255 });
    // The rectangle's blue outline, a few thousand pixels of it.
    expect(card.count('#1971c2')).toBeGreaterThan(1000);
    // The SVG picture is there too, with the same drawing.
    const svg = await fetch(`${server.url}/canvas/view/${shared.token}/thumbnail`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await svg.text()).toContain('stroke="#1971c2"');
  });

  it('takes the embed address too, and format may be left out', async () => {
    const { status, body } = await oembed({ url: `${server.url}/embed/${shared.token}` });
    expect(status).toBe(200);
    expect(body.title).toBe(NAME);
  });

  it('fits the frame within maxwidth and maxheight, keeping 4:3, never stretching it', async () => {
    const sized = async (query: Record<string, string>) => {
      const { body } = await oembed({ url: page(shared.token), ...query });
      expect(body.html).toContain(`width="${body.width}" height="${body.height}"`);
      return [body.width, body.height];
    };
    expect(await sized({ maxwidth: '400' })).toEqual([400, 300]);
    expect(await sized({ maxheight: '150' })).toEqual([200, 150]);
    expect(await sized({ maxwidth: '640', maxheight: '300' })).toEqual([400, 300]);
    expect(await sized({ maxwidth: '2000', maxheight: '2000' })).toEqual([800, 600]);
  });

  it('a canvas with nothing drawn has no picture to name', async () => {
    const { status, body } = await oembed({ url: page(empty.token) });
    expect(status).toBe(200);
    expect(body.title).toBe('Nothing yet');
    expect(body).not.toHaveProperty('thumbnail_url');
    for (const route of ['thumbnail', 'card.png']) {
      const picture = await fetch(`${server.url}/canvas/view/${empty.token}/${route}`);
      expect([route, picture.status]).toEqual([route, 204]);
    }
  });

  it('has nothing for a revoked link, an unknown one, or another site', async () => {
    const notFound = { success: false, message: OEMBED_MESSAGES.notFound };
    for (const url of [
      page(revoked.token),
      page('A'.repeat(43)),
      page('not-a-token'),
      `https://elsewhere.example/view/${shared.token}`,
      `${server.url.replace('127.0.0.1', 'localhost')}/view/${shared.token}`,
      `${server.url}/canvas/view/${shared.token}`,
      `${server.url}/view/${shared.token}/more`,
      `javascript:alert(1)//${server.url.slice(7)}/view/${shared.token}`,
      'not a url',
    ]) {
      const { status, body } = await oembed({ url });
      expect([url, status, body]).toEqual([url, 404, notFound]);
    }
    for (const token of [revoked.token, 'A'.repeat(43)])
      for (const route of ['thumbnail', 'card.png']) {
        const picture = await fetch(`${server.url}/canvas/view/${token}/${route}`);
        expect([route, picture.status]).toEqual([route, 404]);
      }
  });

  it('says what is wrong with the request: 400 without a url or with an unreadable size, 501 for XML', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, OEMBED_MESSAGES.missingUrl],
      [{ url: '' }, 400, OEMBED_MESSAGES.missingUrl],
      [{ url: page(shared.token), format: 'xml' }, 501, OEMBED_MESSAGES.format],
      [{ url: page(shared.token), maxwidth: 'wide' }, 400, OEMBED_MESSAGES.badSize],
      [{ url: page(shared.token), maxheight: '-5' }, 400, OEMBED_MESSAGES.badSize],
    ];
    for (const [query, status, message] of cases) {
      const answer = await oembed(query);
      expect([query, answer.status, answer.body]).toEqual([
        query,
        status,
        { success: false, message },
      ]);
    }
  });

  it('revalidates the pictures by their ETag, redraws the card when the canvas changes, and stops showing them once the link is revoked', async () => {
    const late = await sharedCanvas(server, 'Soon gone');
    const addresses = ['thumbnail', 'card.png'].map(
      (route) => `${server.url}/canvas/view/${late.token}/${route}`,
    );
    const etags: string[] = [];
    for (const address of addresses) {
      const first = await fetch(address);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      const etag = first.headers.get('etag')!;
      etags.push(etag);
      // A browser revalidating its copy (fetch alone would send `no-cache`: a forced reload).
      const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
      expect((await fetch(address, { headers: revalidate })).status).toBe(304);
    }
    // A red ellipse drawn: the card's version changes and the new card shows it.
    const before = pngPixels(Buffer.from(await (await fetch(addresses[1]!)).arrayBuffer()));
    expect(before.count('#e03131')).toBe(0);
    await late.draw([
      element('late-ellipse', {
        type: 'ellipse',
        index: 'a1',
        x: 400,
        width: 200,
        height: 200,
        strokeColor: '#e03131',
        backgroundColor: '#e03131',
        fillStyle: 'solid',
      }),
    ]);
    const after = await fetch(addresses[1]!, {
      headers: { 'if-none-match': etags[1]!, 'cache-control': 'max-age=0' },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etags[1]);
    expect(pngPixels(Buffer.from(await after.arrayBuffer())).count('#e03131')).toBeGreaterThan(100);
    await late.revoke();
    for (const [i, address] of addresses.entries()) {
      const revalidate = { 'if-none-match': etags[i]!, 'cache-control': 'max-age=0' };
      expect((await fetch(address, { headers: revalidate })).status).toBe(404);
    }
    expect((await oembed({ url: page(late.token) })).status).toBe(404);
  });
});
