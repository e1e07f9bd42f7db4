/**
 * An image file as the editor holds it, and the type its bytes say it is. Excalidraw labels a file with the type it was
 * inserted as, even when its resizing re-encoded it as another (a GIF comes out of the
 * browser's canvas as a PNG still called `image/gif`); the server checks the bytes against the
 * label, so the upload carries the bytes' own type.
 */

/** One of the editor's files (Excalidraw's `BinaryFileData`, without its bookkeeping fields). */
export interface ImageFile {
  id: string;
  mimeType: string;
  /** `data:<mimeType>;base64,…` */
  dataURL: string;
  /** Epoch milliseconds. */
  created: number;
}

/** The editor's files by id, as Excalidraw reports them with every change. */
export type ImageFiles = Readonly<Record<string, ImageFile>>;

const SIGNATURES: readonly [string, (bytes: string) => boolean][] = [
  ['image/png', (bytes) => bytes.startsWith('\x89PNG\r\n\x1a\n')],
  ['image/jpeg', (bytes) => bytes.startsWith('\xff\xd8\xff')],
  ['image/gif', (bytes) => bytes.startsWith('GIF87a') || bytes.startsWith('GIF89a')],
  ['image/webp', (bytes) => bytes.startsWith('RIFF') && bytes.slice(8, 12) === 'WEBP'],
];

/** `file`, labelled with the raster type its bytes have when that differs from its label. */
export function labelledByContent(file: ImageFile): ImageFile {
  const match = /^data:([^;,]+);base64,/.exec(file.dataURL);
  if (!match) return file;
  let head: string;
  try {
    head = atob(file.dataURL.slice(match[0].length, match[0].length + 16));
  } catch {
    return file;
  }
  const actual = SIGNATURES.find(([, isType]) => isType(head))?.[0];
  if (!actual || actual === match[1]) return file;
  return {
    ...file,
    mimeType: actual,
    dataURL: `data:${actual};base64,${file.dataURL.slice(match[0].length)}`,
  };
}
