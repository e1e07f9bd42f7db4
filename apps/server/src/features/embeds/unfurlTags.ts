/**
 * The tags that make a view link unfurl where it is pasted (chats, wikis, social sites): Open
 * Graph and Twitter-card tags with the canvas's name and picture, and the `<link>` by which an
 * oEmbed consumer finds `/oembed`. The web app's `/view/<token>` page gets them in its head
 * (`serveSpa`); a link that opens nothing gets none, so a revoked link unfurls to nothing.
 * Every value is escaped: a canvas's name is whatever its owner typed.
 */
import { escapeXml as escape } from '../canvases/thumbnails/renderThumbnail';
import type { HeadHtml } from '../../http/spa';
import { CARD_HEIGHT, CARD_WIDTH } from './cardPicture';
import type { ViewLinkCard } from './viewLinkCards';
import { linkAddresses } from './viewLinkCards';

export const PROVIDER_NAME = 'Tabula';
const DESCRIPTION = 'A Tabula whiteboard, shared view-only: open it to watch it live.';

const meta = (attribute: 'property' | 'name', key: string, value: string | number) =>
  `<meta ${attribute}="${key}" content="${escape(String(value))}">`;

/** The head of the view-link page for `card`, on the server at `origin`. */
export function unfurlHead(card: ViewLinkCard, origin: string): HeadHtml {
  const at = linkAddresses(origin, card.token);
  const tags = [
    meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PROVIDER_NAME),
    meta('property', 'og:title', card.name),
    meta('property', 'og:description', DESCRIPTION),
    meta('property', 'og:url', at.page),
    meta('name', 'twitter:card', card.picture ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card.name),
    meta('name', 'twitter:description', DESCRIPTION),
  ];
  if (card.picture) {
    tags.push(
      meta('property', 'og:image', at.card),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', CARD_WIDTH),
      meta('property', 'og:image:height', CARD_HEIGHT),
      meta('property', 'og:image:alt', card.name),
      meta('name', 'twitter:image', at.card),
      meta('name', 'twitter:image:alt', card.name),
    );
  }
  tags.push(
    `<link rel="alternate" type="application/json+oembed" href="${escape(at.oembed)}" title="${escape(card.name)}">`,
  );
  return {
    title: escape(`${card.name} · ${PROVIDER_NAME}`),
    tags: tags.map((tag) => `    ${tag}`).join('\n'),
  };
}
