/**
 * A view link's picture as the PNG that chats and social sites show when the link is pasted
 * (Slack, X, Facebook and LinkedIn do not show SVG): the canvas's SVG thumbnail drawn centred
 * on a white 1200×630 card, the size those sites ask for. Rasterised by resvg (Rust, through
 * its napi build) on libuv's thread pool, never on the event loop, and kept per link and
 * picture version, so a link pasted in a busy channel is drawn once per change of the canvas.
 */
import { renderAsync } from '@resvg/resvg-js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Space kept free around the drawing, in card pixels. */
const MARGIN = 48;
/** Pictures kept: one per recently pasted link. */
const KEPT = 64;

const SVG_OPENING = /^<svg [^>]*?width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/;

/** `svg` (the thumbnail renderer's picture) placed, scaled to fit, in the middle of the card. */
export function cardSvg(svg: string): string {
  const size = SVG_OPENING.exec(svg);
  if (!size) throw new Error('The thumbnail has no width and height.');
  const [width, height] = [Number(size[1]), Number(size[2])];
  const scale = Math.min((CARD_WIDTH - 2 * MARGIN) / width, (CARD_HEIGHT - 2 * MARGIN) / height);
  const [w, h] = [width * scale, height * scale];
  const [x, y] = [(CARD_WIDTH - w) / 2, (CARD_HEIGHT - h) / 2];
  // The thumbnail becomes a nested <svg>: its viewBox keeps its drawing, the new size scales it.
  const placed = svg.replace(
    /^<svg ([^>]*?)width="[^"]*" height="[^"]*"/,
    `<svg $1x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}"`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>${placed}</svg>`
  );
}

/** The PNG of `svg` on the card, off the event loop. */
export async function renderCardPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(cardSvg(svg), {
    font: { loadSystemFonts: true, defaultFontFamily: 'sans-serif' },
  });
  return image.asPng();
}

/** The last card of each link, by the picture's version (its ETag). */
export class CardPictures {
  private readonly kept = new Map<string, { etag: string; png: Promise<Buffer | null> }>();

  png(token: string, etag: string, svg: () => Promise<string | null>): Promise<Buffer | null> {
    const entry = this.kept.get(token);
    if (entry?.etag === etag) {
      this.kept.delete(token);
      this.kept.set(token, entry);
      return entry.png;
    }
    const png = svg().then((picture) => (picture === null ? null : renderCardPng(picture)));
    this.kept.set(token, { etag, png });
    // A failed render is not kept: the next request tries again.
    png.catch(() => this.kept.get(token)?.png === png && this.kept.delete(token));
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return png;
  }
}
