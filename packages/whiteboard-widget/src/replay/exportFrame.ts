import { exportToBlob, exportToCanvas, exportToSvg, getCommonBounds } from '@excalidraw/excalidraw';
import type { BinaryFiles } from '@excalidraw/excalidraw/types';
import type { SceneElement } from '@tabula/domain';
import type { ImageFiles } from '../collab/fileTransport';
import type { ExcalidrawElements } from '../Whiteboard.types';

/** What an export makes. */
export type ReplayExportKind = 'png' | 'svg' | 'webm';

/** Background and padding of exported images and videos. */
export const EXPORT_BACKGROUND = '#ffffff';
const PADDING = 16;

const asExcalidraw = (elements: readonly SceneElement[]) =>
  elements as unknown as ExcalidrawElements;

/** The image files, as Excalidraw's renderer takes them (none: images draw as placeholders). */
export const asBinaryFiles = (files: ImageFiles | null | undefined) =>
  (files ?? null) as BinaryFiles | null;

const exportState = { exportBackground: true, viewBackgroundColor: EXPORT_BACKGROUND };

/** The frame as a PNG (Excalidraw's renderer), its images drawn from `files`. */
export function framePng(
  elements: readonly SceneElement[],
  files?: ImageFiles | null,
): Promise<Blob> {
  return exportToBlob({
    elements: asExcalidraw(elements),
    appState: exportState,
    files: asBinaryFiles(files),
    mimeType: 'image/png',
    exportPadding: PADDING,
  });
}

/** The frame as an SVG file, its images embedded from `files`. */
export async function frameSvg(
  elements: readonly SceneElement[],
  files?: ImageFiles | null,
): Promise<Blob> {
  const svg = await exportToSvg({
    elements: asExcalidraw(elements),
    appState: exportState,
    files: asBinaryFiles(files),
    exportPadding: PADDING,
  });
  return new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' });
}

/** Scene bounds: [minX, minY, maxX, maxY]. */
export type Bounds = readonly [number, number, number, number];

export function boundsOf(elements: readonly SceneElement[]): Bounds | null {
  if (elements.length === 0) return null;
  const [minX, minY, maxX, maxY] = getCommonBounds(asExcalidraw(elements));
  return [minX, minY, maxX, maxY];
}

/**
 * Draws `elements` onto `target` with a fixed view: the scene rectangle `view` fitted into the
 * target (so successive frames of a video do not jump as the drawing grows); images are drawn
 * from `files`.
 */
export async function drawFrame(
  target: CanvasRenderingContext2D,
  elements: readonly SceneElement[],
  view: Bounds,
  files?: ImageFiles | null,
): Promise<void> {
  const { width, height } = target.canvas;
  const own = boundsOf(elements);
  // Rendered first, then painted at once: a recorder capturing the canvas while the renderer
  // works (it waits for images to decode) would catch a blank frame between two drawings.
  const rendered = own
    ? await exportToCanvas({
        elements: asExcalidraw(elements),
        appState: { exportBackground: false, viewBackgroundColor: EXPORT_BACKGROUND },
        files: asBinaryFiles(files),
        exportPadding: 0,
      })
    : null;
  target.fillStyle = EXPORT_BACKGROUND;
  target.fillRect(0, 0, width, height);
  // A lone point (a stroke's first) can make an empty canvas: nothing to draw yet.
  if (!own || !rendered || rendered.width === 0 || rendered.height === 0) return;
  const viewWidth = view[2] - view[0] + 2 * PADDING;
  const viewHeight = view[3] - view[1] + 2 * PADDING;
  const scale = Math.min(width / viewWidth, height / viewHeight);
  const left = (width - viewWidth * scale) / 2;
  const top = (height - viewHeight * scale) / 2;
  target.drawImage(
    rendered,
    left + (own[0] - view[0] + PADDING) * scale,
    top + (own[1] - view[1] + PADDING) * scale,
    rendered.width * scale,
    rendered.height * scale,
  );
}
