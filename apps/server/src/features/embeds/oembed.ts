/**
 * oEmbed (https://oembed.com) for view links: `GET /oembed?url=<a view link>&format=json`
 * answers a `rich` embed, the iframe of `/embed/:token` sized 800×600 or smaller to fit
 * `maxwidth`/`maxheight` (4:3 kept), with the canvas's name and picture. Only links of this
 * server have an answer: another site's address, or a link that opens nothing (unknown,
 * revoked, a deleted canvas), is a 404; `format=xml` a 501 (JSON only); a missing or
 * unreadable parameter a 400.
 */
import { HttpProblem } from '../../http/toHttpError';
import { escapeXml as escape } from '../canvases/thumbnails/renderThumbnail';
import { CARD_HEIGHT, CARD_WIDTH } from './cardPicture';
import { PROVIDER_NAME } from './unfurlTags';
import type { ViewLinkCard } from './viewLinkCards';
import { linkAddresses } from './viewLinkCards';

export const DEFAULT_EMBED_SIZE = { width: 800, height: 600 };
/** The smallest frame answered, whatever `maxwidth`/`maxheight` ask. */
const MIN_SIDE = 100;
const MAX_SIDE = 10_000;

export const OEMBED_MESSAGES = {
  missingUrl: "The parameter 'url' is required: the address of a view link.",
  badSize: "'maxwidth' and 'maxheight' are whole numbers of pixels.",
  format: 'Only format=json is answered.',
  notFound: 'No embed for this address: it is not a view link of this server, or it was revoked.',
} as const;

export interface OembedRequest {
  /** The link's origin (as the consumer wrote it) and token. */
  origin: string;
  token: string;
  width: number;
  height: number;
}

/** A view link's token in a page or embed address: `/view/<token>` or `/embed/<token>`. */
const LINK_PATH = /^\/(?:view|embed)\/([A-Za-z0-9_-]+)\/?$/;

function size(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value))
    throw new HttpProblem(400, OEMBED_MESSAGES.badSize);
  return Math.min(MAX_SIDE, Math.max(MIN_SIDE, Number(value)));
}

/** The frame's size: the default, shrunk (never stretched) to fit, keeping its proportions. */
function fit(maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const { width, height } = DEFAULT_EMBED_SIZE;
  const scale = Math.min(1, (maxWidth ?? width) / width, (maxHeight ?? height) / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The request's link, once checked: its parameters (400, 501), and that it is a link of the
 * server answering at `host` (another host or path: 404).
 */
export function parseOembedRequest(query: Record<string, unknown>, host: string): OembedRequest {
  const { url, format, maxwidth, maxheight } = query;
  if (typeof url !== 'string' || url.trim() === '')
    throw new HttpProblem(400, OEMBED_MESSAGES.missingUrl);
  if (format !== undefined && format !== '' && format !== 'json')
    throw new HttpProblem(501, OEMBED_MESSAGES.format);
  const frame = fit(size(maxwidth), size(maxheight));
  let link: URL;
  try {
    link = new URL(url.trim());
  } catch {
    throw new HttpProblem(404, OEMBED_MESSAGES.notFound);
  }
  const token = LINK_PATH.exec(link.pathname)?.[1];
  const ours = link.host.toLowerCase() === host.toLowerCase() && /^https?:$/.test(link.protocol);
  if (!ours || !token) throw new HttpProblem(404, OEMBED_MESSAGES.notFound);
  return { origin: link.origin, token, ...frame };
}

/** The oEmbed answer for the link's card. */
export function oembedAnswer(card: ViewLinkCard, request: OembedRequest) {
  const at = linkAddresses(request.origin, card.token);
  const { width, height } = request;
  const html =
    `<iframe src="${escape(at.embed)}" width="${width}" height="${height}" ` +
    `title="${escape(card.name)}" style="border:0" loading="lazy" allowfullscreen></iframe>`;
  return {
    version: '1.0',
    type: 'rich',
    provider_name: PROVIDER_NAME,
    provider_url: `${request.origin}/`,
    title: card.name,
    html,
    width,
    height,
    ...(card.picture
      ? {
          thumbnail_url: at.card,
          thumbnail_width: CARD_WIDTH,
          thumbnail_height: CARD_HEIGHT,
        }
      : {}),
  };
}
