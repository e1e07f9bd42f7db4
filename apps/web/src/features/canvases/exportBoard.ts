import type { WhiteboardHandle } from '@tabula/whiteboard';

/** The image formats of the header's Export menu. */
export type BoardImageFormat = 'png' | 'svg';

/** Said when there is nothing on the board to export. */
export const NOTHING_TO_EXPORT = 'The canvas is empty: draw something first, then export it.';

/** Characters no file system likes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** A download name from the canvas name: 'Roadmap 2027.png' ('canvas.png' when none is left). */
export function exportFileName(title: string, format: BoardImageFormat): string {
  const base = title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return `${base.replace(/^\.+/, '') || 'canvas'}.${format}`;
}

/** The board's live drawing as an image (Excalidraw's exportToBlob / exportToSvg). */
export async function boardImage(
  handle: WhiteboardHandle,
  format: BoardImageFormat,
): Promise<Blob> {
  if (!handle.getSceneElements().some((element) => !element.isDeleted)) {
    throw new Error(NOTHING_TO_EXPORT);
  }
  if (format === 'png') return handle.exportPng();
  const svg = await handle.exportSvg();
  return new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' });
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
