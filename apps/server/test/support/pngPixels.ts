/**
 * Reads the pixels of a PNG the server sent (8-bit RGBA, not interlaced: what resvg writes), so
 * a test can say what a picture shows, not only that bytes came back. Throws on any other kind.
 */
import { inflateSync } from 'node:zlib';

export interface Pixels {
  width: number;
  height: number;
  /** The colour at (x, y) as `#rrggbb` and its alpha. */
  at(x: number, y: number): { rgb: string; alpha: number };
  /** How many pixels are within `tolerance` of `rgb` on every channel. */
  count(rgb: string, tolerance?: number): number;
}

const SIGNATURE = '89504e470d0a1a0a';

export function pngPixels(png: Buffer): Pixels {
  if (png.subarray(0, 8).toString('hex') !== SIGNATURE) throw new Error('not a PNG');
  let offset = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  if (!header) throw new Error('PNG without a header');
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  if (header[8] !== 8 || header[9] !== 6 || header[12] !== 0)
    throw new Error('only 8-bit RGBA, not interlaced, is read here');
  const rgba = unfilter(inflateSync(Buffer.concat(data)), width, height);
  const at = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    return {
      rgb: `#${hex(rgba[i]!)}${hex(rgba[i + 1]!)}${hex(rgba[i + 2]!)}`,
      alpha: rgba[i + 3]!,
    };
  };
  const count = (rgb: string, tolerance = 8) => {
    const want = [1, 3, 5].map((i) => parseInt(rgb.slice(i, i + 2), 16));
    let found = 0;
    for (let i = 0; i < rgba.length; i += 4)
      if (want.every((value, c) => Math.abs(rgba[i + c]! - value) <= tolerance)) found += 1;
    return found;
  };
  return { width, height, at, count };
}

/** Undoes PNG's per-row filters (RFC 2083 §6) for 4 bytes per pixel. */
function unfilter(raw: Buffer, width: number, height: number): Uint8Array {
  const stride = width * 4;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? out[y * stride + x - 4]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const corner = x >= 4 && y > 0 ? out[(y - 1) * stride + x - 4]! : 0;
      out[y * stride + x] = (row[x]! + predict(filter, left, up, corner)) & 0xff;
    }
  }
  return out;
}

function predict(filter: number, left: number, up: number, corner: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const p = left + up - corner;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`);
  }
}
