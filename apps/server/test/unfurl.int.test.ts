/**
 * View links that unfurl, and the iframe embed, on the real app (SQLite log, a built web app's
 * index.html in a temporary folder): the `/view/<token>` page carries Open Graph and Twitter
 * tags with the canvas's name (escaped) and picture and the oEmbed discovery link, and none once
 * the link is revoked; `/embed/<token>` is the chrome-free page of the link, or a plain 404;
 * and who may frame what: `EMBED_ORIGINS` opens `/embed/…` to its sites, every other page keeps
 * `frame-ancestors 'self'` and `X-Frame-Options`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LINK_NOT_FOUND } from '@tabula/domain';
import type { SharedCanvas } from './support/viewLink';
import { sharedCanvas } from './support/viewLink';
import type { TestServer } from './testServer';
import { startTestServer } from './testServer';

const NAME = 'Plans <script>alert(1)</script> & "co"';
const ESCAPED = 'Plans &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Tabula</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const EMBED_ORIGINS = ['https://wiki.example.com', 'https://*.example.org'];

/** The `content` of the `<meta>` with this property or name, or undefined. */
function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

function frameAncestors(headers: Headers): string | undefined {
  return /frame-ancestors ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];
}

const webDist = mkdtempSync(path.join(tmpdir(), 'tabula-web-'));
writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const browse = (url: string) => fetch(url, { headers: { accept: 'text/html,*/*' } });

describe('a view link that unfurls, and its embed', () => {
  let server: TestServer;
  let shared: SharedCanvas;
  let revoked: SharedCanvas;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { webDist, embedOrigins: EMBED_ORIGINS } });
    [shared, revoked] = await Promise.all([
      sharedCanvas(server, NAME),
      sharedCanvas(server, 'Withdrawn'),
    ]);
    await revoked.revoke();
  });
  afterAll(() => server.close());

  it("gives the view page Open Graph and Twitter tags with the canvas's name and picture", async () => {
    const answer = await browse(`${server.url}/view/${shared.token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const html = await answer.text();
    // The app itself is untouched; its head has the tags.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(`<title>${ESCAPED} · Tabula</title>`);
    const picture = `${server.url}/canvas/view/${shared.token}/card.png`;
    expect(metaContent(html, 'og:title')).toBe(ESCAPED);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:site_name')).toBe('Tabula');
    expect(metaContent(html, 'og:url')).toBe(`${server.url}/view/${shared.token}`);
    expect(metaContent(html, 'og:image')).toBe(picture);
    // A PNG card of the size social sites ask for: none of them shows an SVG.
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe(ESCAPED);
    expect(metaContent(html, 'twitter:image')).toBe(picture);
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('<script>alert');
    // The picture and the discovery link lead where they say.
    expect((await fetch(picture)).headers.get('content-type')).toBe('image/png');
    const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(
      html,
    )?.[1];
    expect(discovery).toBe(
      `${server.url}/oembed?url=${encodeURIComponent(`${server.url}/view/${shared.token}`)}&amp;format=json`,
    );
    const oembed = await fetch(discovery!.replaceAll('&amp;', '&'));
    expect(oembed.status).toBe(200);
    expect((await oembed.json()).title).toBe(NAME);
  });

  it('a revoked or unknown link unfurls to nothing: the app, without a tag about any canvas', async () => {
    for (const token of [revoked.token, 'A'.repeat(43), 'nonsense']) {
      const answer = await browse(`${server.url}/view/${token}`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toBe(INDEX_HTML);
    }
    expect(await (await browse(`${server.url}/canvases`)).text()).toBe(INDEX_HTML);
  });

  it('/embed/<token> is the link chrome-free: the read-only element filling the frame', async () => {
    const answer = await browse(`${server.url}/embed/${shared.token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const html = await answer.text();
    expect(html).toContain('<script type="module" src="/embed/v1/tabula.js"></script>');
    // Pasted itself, the embed's address unfurls too: it names the view page and its oEmbed.
    expect(html).toContain(`<link rel="canonical" href="${server.url}/view/${shared.token}">`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${server.url}/oembed?url=${encodeURIComponent(`${server.url}/view/${shared.token}`)}&amp;format=json"`,
    );
    expect(html).toContain(
      `<tabula-whiteboard server="${server.url}" canvas="${shared.canvasId}" view-token="${shared.token}" read-only>`,
    );
    expect(html).toContain(`<title>${ESCAPED} · Tabula</title>`);
    expect(html).toContain(`alt="${ESCAPED}"`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<div id="root">');
    // A theme the embedder asks for, and only a known one.
    const dark = await (await browse(`${server.url}/embed/${shared.token}?theme=dark`)).text();
    expect(dark).toContain('read-only theme="dark">');
    const odd = await (await browse(`${server.url}/embed/${shared.token}?theme="x`)).text();
    expect(odd).not.toContain('theme=');
  });

  it('an embed whose link opens nothing is a plain 404 page', async () => {
    for (const token of [revoked.token, 'A'.repeat(43), 'nonsense']) {
      const answer = await browse(`${server.url}/embed/${token}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await answer.text();
      expect(html).toContain(SHARE_LINK_NOT_FOUND);
      expect(html).not.toContain('tabula-whiteboard');
    }
  });

  it('lets the sites of EMBED_ORIGINS frame /embed/… and nothing else', async () => {
    const embed = await browse(`${server.url}/embed/${shared.token}`);
    expect(frameAncestors(embed.headers)).toBe(`'self' ${EMBED_ORIGINS.join(' ')}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const missing = await browse(`${server.url}/embed/${revoked.token}`);
    expect(frameAncestors(missing.headers)).toBe(`'self' ${EMBED_ORIGINS.join(' ')}`);
    for (const route of [
      '/',
      `/view/${shared.token}`,
      '/canvases',
      `/oembed?url=${encodeURIComponent(`${server.url}/view/${shared.token}`)}`,
      `/canvas/view/${shared.token}/thumbnail`,
      '/health',
    ]) {
      const answer = await browse(server.url + route);
      const ancestors = frameAncestors(answer.headers);
      // The picture's own policy is `default-src 'none'`: it frames nothing and may not be framed elsewhere.
      if (route.endsWith('/thumbnail')) expect(ancestors).toBeUndefined();
      else expect([route, ancestors]).toEqual([route, "'self'"]);
      expect([route, answer.headers.get('x-frame-options')]).toEqual([route, 'SAMEORIGIN']);
    }
  });
});

describe('the embed without EMBED_ORIGINS', () => {
  let server: TestServer;
  let shared: SharedCanvas;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { webDist } });
    shared = await sharedCanvas(server, 'Private');
  });
  afterAll(() => server.close());

  it('renders, but only this origin may frame it', async () => {
    const embed = await browse(`${server.url}/embed/${shared.token}`);
    expect(embed.status).toBe(200);
    expect(frameAncestors(embed.headers)).toBe("'self'");
    expect(embed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const view = await browse(`${server.url}/view/${shared.token}`);
    expect(frameAncestors(view.headers)).toBe("'self'");
    expect(metaContent(await view.text(), 'og:title')).toBe('Private');
  });
});
