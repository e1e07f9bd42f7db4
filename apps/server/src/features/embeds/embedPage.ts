/**
 * The page `/embed/:token` answers for an `<iframe>`: a view link, chrome-free, filling the
 * frame. It loads the custom elements (`/embed/v1/tabula.js`) and shows the canvas read-only
 * and live in a `<tabula-whiteboard>`; until the element is defined (or if its module cannot
 * load) the canvas's picture and name show in its place. No inline script: the pages' Content
 * Security Policy holds here too. A link that opens nothing gets a plain "not found" page.
 */
import { SHARE_LINK_NOT_FOUND } from '@tabula/domain';
import { escapeXml as escape } from '../canvases/thumbnails/renderThumbnail';
import { EMBED_ENTRY, EMBED_MODULE_PREFIX } from './embedBuild';
import { PROVIDER_NAME } from './unfurlTags';
import type { ViewLinkCard } from './viewLinkCards';
import { linkAddresses } from './viewLinkCards';

export type EmbedTheme = 'light' | 'dark';

const STYLE = `html,body{margin:0;height:100%;overflow:hidden;background:#fff;font:14px system-ui,sans-serif}
tabula-whiteboard{display:block;width:100%;height:100%}
tabula-whiteboard:not(:defined){display:flex;align-items:center;justify-content:center;flex-direction:column;gap:8px;color:#334155}
tabula-whiteboard:not(:defined) img{max-width:90%;max-height:80%}
@media (prefers-color-scheme:dark){html.auto,html.auto body{background:#121212;color:#e2e8f0}}
html.dark,html.dark body{background:#121212}`;
const NOT_FOUND_STYLE = `html,body{margin:0;height:100%;font:14px system-ui,sans-serif}
p{display:flex;height:100%;margin:0;align-items:center;justify-content:center;color:#334155}`;

function page(
  title: string,
  style: string,
  body: string,
  htmlClass = 'auto',
  extraHead = '',
): string {
  return `<!doctype html>
<html lang="en" class="${htmlClass}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escape(title)}</title>
    <style>${style}</style>${extraHead}
  </head>
  <body>${body}</body>
</html>
`;
}

/** The embed of `card` on the server at `origin`; `theme` when the embedder chose one. */
export function embedPageHtml(card: ViewLinkCard, origin: string, theme?: EmbedTheme): string {
  const at = linkAddresses(origin, card.token);
  const name = escape(card.name);
  const module = `${EMBED_MODULE_PREFIX}${EMBED_ENTRY}`;
  const picture = card.picture
    ? `<img src="${escape(at.picture)}" width="${card.picture.width}" height="${card.picture.height}" alt="${name}">`
    : '';
  const attributes = [
    `server="${escape(origin)}"`,
    `canvas="${escape(card.canvasId)}"`,
    `view-token="${escape(card.token)}"`,
    'read-only',
    ...(theme ? [`theme="${theme}"`] : []),
  ].join(' ');
  return page(
    `${card.name} · ${PROVIDER_NAME}`,
    STYLE,
    `<tabula-whiteboard ${attributes}>${picture}<a href="${escape(at.page)}" target="_blank" rel="noopener">${name}</a></tabula-whiteboard>`,
    theme ?? 'auto',
    [
      `<link rel="canonical" href="${escape(at.page)}">`,
      `<link rel="alternate" type="application/json+oembed" href="${escape(at.oembed)}" title="${name}">`,
      `<script type="module" src="${module}"></script>`,
    ]
      .map((tag) => `\n    ${tag}`)
      .join(''),
  );
}

/** The page of an embed whose link opens nothing (404). */
export const EMBED_NOT_FOUND_HTML = page(
  `Not found · ${PROVIDER_NAME}`,
  NOT_FOUND_STYLE,
  `<p>${escape(SHARE_LINK_NOT_FOUND)}</p>`,
);

/** The theme the embedder asked for (`?theme=light|dark`); undefined for anything else. */
export function embedTheme(value: unknown): EmbedTheme | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}
