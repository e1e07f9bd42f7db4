import type { WhiteboardHandle } from '@tabula/whiteboard';

/** The image formats of the header's Export menu. */
export type BoardImageFormat = 'png' | 'svg';

/** What is exported: the whole board, or what is selected on it. */
export type BoardExportScope = 'board' | 'selection';

/** Said when there is nothing on the board to export. */
export const NOTHING_TO_EXPORT = 'The canvas is empty: draw something first, then export it.';

/** Said when the selection to export is gone (unselected while the menu was open). */
export const NOTHING_SELECTED = 'Nothing is selected: select what to export on the board first.';

/** Characters no file system likes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** A file name without extension from the canvas name: 'Roadmap 2027' ('canvas' when none is left). */
export function exportBaseName(title: string): string {
  const base = title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return base.replace(/^\.+/, '') || 'canvas';
}

/**
 * A download name from the canvas name: 'Roadmap 2027.png', 'Roadmap 2027-selection.png' for
 * the selection ('canvas.png' when nothing is left of the name).
 */
export function exportFileName(
  title: string,
  format: BoardImageFormat,
  scope: BoardExportScope = 'board',
): string {
  const suffix = scope === 'selection' ? '-selection' : '';
  return `${exportBaseName(title)}${suffix}.${format}`;
}

/** The board's live drawing, or its selection, as an image (Excalidraw's exportToBlob / exportToSvg). */
export async function boardImage(
  handle: WhiteboardHandle,
  format: BoardImageFormat,
  scope: BoardExportScope = 'board',
): Promise<Blob> {
  if (!handle.getSceneElements().some((element) => !element.isDeleted)) {
    throw new Error(NOTHING_TO_EXPORT);
  }
  const onlySelected = scope === 'selection';
  if (onlySelected && handle.getSelectedElementIds().length === 0) {
    throw new Error(NOTHING_SELECTED);
  }
  if (format === 'png') return handle.exportPng({ onlySelected });
  const svg = await handle.exportSvg({ onlySelected });
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
