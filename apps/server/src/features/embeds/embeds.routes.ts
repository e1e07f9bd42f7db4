/**
 * Embedding view links anywhere (docs/embedding.md): the custom elements' module under
 * `/embed/v1/`, the iframe embed `/embed/:token`, `/oembed`, a link's picture
 * `/canvas/view/:token/thumbnail` (SVG) and its card `/canvas/view/:token/card.png`, and the unfurl tags of the web app's `/view/<token>` page
 * (`pageHead`, given to `serveSpa`). None needs an account: the link's token is the key, and
 * whatever it does not open (unknown, revoked, a deleted canvas) is a 404 everywhere.
 * Which sites may frame the embed is the security headers' business (`EMBED_ORIGINS`).
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { SHARE_LINK_NOT_FOUND, DomainError } from '@tabula/domain';
import { VIEW_LINK_ROUTE } from '@tabula/domain/protocol';
import { HttpProblem } from '../../http/toHttpError';
import type { CanvasesService } from '../canvases/canvases.service';
import type { ShareLinks } from '../canvases/shareLinks/shareLinks.service';
import { notModified, sendPicture } from '../canvases/thumbnails/thumbnails.routes';
import { CardPictures } from './cardPicture';
import { findEmbedBuild } from './embedBuild';
import { serveEmbedModule } from './embedModule';
import { EMBED_NOT_FOUND_HTML, embedPageHtml, embedTheme } from './embedPage';
import { OEMBED_MESSAGES, oembedAnswer, parseOembedRequest } from './oembed';
import { unfurlHead } from './unfurlTags';
import type { HeadHtml } from '../../http/spa';
import {
  EMBED_ROUTE,
  OEMBED_ROUTE,
  VIEW_CARD_ROUTE,
  VIEW_THUMBNAIL_ROUTE,
  ViewLinkCards,
} from './viewLinkCards';

export interface EmbedsOptions {
  links: ShareLinks;
  canvases: CanvasesService;
  /** The embed build's directory (default: the installed widget's, `findEmbedBuild`). */
  embedBuild?: string;
}

export interface Embeds {
  /** The module, the embed, oEmbed and the pictures. */
  routes: Middleware;
  /** The unfurl tags of a page of the web app (the view link's), or undefined. */
  pageHead(ctx: Context): Promise<HeadHtml | undefined>;
}

/** This server's origin as the client addressed it (a trusted proxy's `X-Forwarded-*` included). */
function serverOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

const VIEW_PAGE = new RegExp(`^${VIEW_LINK_ROUTE.replace(':token', '([A-Za-z0-9_-]+)')}/?$`);

export function embeds({ links, canvases, embedBuild }: EmbedsOptions): Embeds {
  const cards = new ViewLinkCards(links, canvases);
  const cardPictures = new CardPictures();
  const router = new Router();
  const module = serveEmbedModule(embedBuild ?? findEmbedBuild());

  router.get(EMBED_ROUTE, async (ctx) => {
    const card = await cards.card(ctx.params.token!);
    // Revoking the link must close the embed at its next load.
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    if (!card) {
      ctx.status = 404;
      ctx.body = EMBED_NOT_FOUND_HTML;
      return;
    }
    ctx.body = embedPageHtml(card, serverOrigin(ctx), embedTheme(ctx.query.theme));
  });

  router.get(OEMBED_ROUTE, async (ctx) => {
    const request = parseOembedRequest(ctx.query, ctx.host);
    const card = await cards.card(request.token);
    if (!card) throw new HttpProblem(404, OEMBED_MESSAGES.notFound);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = oembedAnswer(card, request);
  });

  router.get(VIEW_THUMBNAIL_ROUTE, async (ctx) => {
    const version = await cards.picture(ctx.params.token!);
    if (!version) throw new DomainError('NOT_FOUND', SHARE_LINK_NOT_FOUND);
    // Anyone holding the link may keep it, revalidated on every use (the ETag is the canvas's
    // revision): once the link is revoked it shows nothing.
    await sendPicture(ctx, version, 'public, no-cache');
  });

  router.get(VIEW_CARD_ROUTE, async (ctx) => {
    const token = ctx.params.token!;
    const version = await cards.picture(token);
    if (!version) throw new DomainError('NOT_FOUND', SHARE_LINK_NOT_FOUND);
    if (notModified(ctx, version.etag, 'public, no-cache')) return;
    const png = await cardPictures.png(token, version.etag, version.picture);
    if (!png) {
      ctx.status = 204;
      return;
    }
    ctx.type = 'image/png';
    ctx.body = png;
  });

  const routes = router.routes();
  return {
    routes: (ctx, next) => module(ctx, () => routes(ctx as Parameters<typeof routes>[0], next)),
    async pageHead(ctx) {
      const token = VIEW_PAGE.exec(ctx.path)?.[1];
      const card = token && (await cards.card(token));
      return card ? unfurlHead(card, serverOrigin(ctx)) : undefined;
    },
  };
}
