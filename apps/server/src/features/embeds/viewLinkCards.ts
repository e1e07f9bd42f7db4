/**
 * What a view link shows where it is pasted or framed: the canvas's name and its picture (the
 * card thumbnail, rendered once per revision), and the addresses of its page, its iframe embed,
 * its picture and its oEmbed answer. Only an open link has a card: a malformed, unknown or
 * revoked token, or one of a deleted canvas, has none (`undefined`, never an error).
 */
import { DomainError } from '@tabula/domain';
import { VIEW_LINK_ROUTE } from '@tabula/domain/protocol';
import type { CanvasesService } from '../canvases/canvases.service';
import type { ShareLinks } from '../canvases/shareLinks/shareLinks.service';
import { CanvasThumbnails } from '../canvases/thumbnails/canvasThumbnails';
import type { ThumbnailVersion } from '../canvases/thumbnails/canvasThumbnails';

/** A view link's picture, `GET /canvas/view/:token/thumbnail` (`:token` is the link's): SVG. */
export const VIEW_THUMBNAIL_ROUTE = '/canvas/view/:token/thumbnail';
/** The same picture on a 1200×630 PNG card, for sites that do not show SVG (the unfurl's). */
export const VIEW_CARD_ROUTE = '/canvas/view/:token/card.png';
/** The iframe embed of a view link. */
export const EMBED_ROUTE = '/embed/:token';
export const OEMBED_ROUTE = '/oembed';

export interface ViewLinkCard {
  token: string;
  canvasId: string;
  name: string;
  /** The picture's size in CSS pixels; absent while nothing is drawn. */
  picture?: { width: number; height: number };
}

/** The addresses of a link's page, embed, picture and oEmbed answer, on the server at `origin`. */
export function linkAddresses(origin: string, token: string) {
  const page = origin + VIEW_LINK_ROUTE.replace(':token', token);
  return {
    page,
    embed: origin + EMBED_ROUTE.replace(':token', token),
    picture: origin + VIEW_THUMBNAIL_ROUTE.replace(':token', token),
    card: origin + VIEW_CARD_ROUTE.replace(':token', token),
    oembed: `${origin}${OEMBED_ROUTE}?url=${encodeURIComponent(page)}&format=json`,
  };
}

const SVG_SIZE = /^<svg [^>]*?width="(\d+)" height="(\d+)"/;

export class ViewLinkCards {
  private readonly thumbnails: CanvasThumbnails;

  constructor(
    private readonly links: ShareLinks,
    canvases: CanvasesService,
  ) {
    this.thumbnails = new CanvasThumbnails(canvases);
  }

  /** The card of the link `token` opens, or undefined when it opens nothing. */
  async card(token: string): Promise<ViewLinkCard | undefined> {
    const version = await this.picture(token);
    if (!version) return undefined;
    const svg = await version.picture();
    const size = svg === null ? null : SVG_SIZE.exec(svg);
    return {
      token,
      canvasId: version.canvasId,
      name: version.name,
      ...(size ? { picture: { width: Number(size[1]), height: Number(size[2]) } } : {}),
    };
  }

  /** The current version of the picture of the canvas `token` opens, or undefined. */
  async picture(
    token: string,
  ): Promise<(ThumbnailVersion & { canvasId: string; name: string }) | undefined> {
    try {
      const { canvasId, name } = await this.links.open(token);
      return { ...(await this.thumbnails.version(canvasId)), canvasId, name };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  }
}
