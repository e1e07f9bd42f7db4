import { exportToCanvas, getCommonBounds } from '@excalidraw/excalidraw';
import type { SceneElement } from '@tabula/domain';
import type { ImageFiles } from '../collab/fileTransport';
import type { ExcalidrawElements } from '../Whiteboard.types';
import { asBinaryFiles } from './exportFrame';
import { isPartial } from './reveal';
import { sameView } from '../board/layerView';
import type { LayerView } from '../board/layerView';

/** Room around elements (scene px): strokes are drawn wider than their bounds. */
const PADDING = 16;
const BACKGROUND = '#ffffff';

/** Elements whose bounds meet the view (the rest would only be painted off-canvas). */
function inView(elements: readonly SceneElement[], view: LayerView): SceneElement[] {
  const left = -view.scrollX;
  const top = -view.scrollY;
  const right = left + view.width / view.zoom;
  const bottom = top + view.height / view.zoom;
  return elements.filter((element) => {
    const [minX, minY, maxX, maxY] = getCommonBounds([element] as unknown as ExcalidrawElements);
    return maxX >= left && minX <= right && maxY >= top && minY <= bottom;
  });
}

/**
 * The canvas the player paints while it plays. Excalidraw redraws every element on each scene
 * change, which at thousands of elements in view costs more than a frame; here the settled
 * elements are kept in a bitmap that only grows (each stroke finished is drawn onto it once, with
 * Excalidraw's own renderer), and each frame copies it and draws the strokes still being drawn
 * on top. Any other change (an element changed or deleted under others, the view moved, an image
 * file arrived: `reset`) redraws the bitmap once.
 */
export class PlaybackLayer {
  private readonly base = document.createElement('canvas');
  private baseElements: SceneElement[] = [];
  private view: LayerView | null = null;
  private busy = false;
  private pending: { frame: readonly SceneElement[]; view: LayerView } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    /** The image files held now (an image whose file is not there draws as a placeholder). */
    private readonly files: () => ImageFiles | null = () => null,
  ) {}

  /** Paints `frame` (live elements in scene order) as seen in `view`; frames asked while one is painting collapse into the last. */
  paint(frame: readonly SceneElement[], view: LayerView): void {
    this.pending = { frame, view };
    if (!this.busy) void this.drain();
  }

  /** Forgets the bitmap (the next frame redraws it). */
  reset(): void {
    this.baseElements = [];
    this.view = null;
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.pending) {
        const { frame, view } = this.pending;
        this.pending = null;
        await this.render(frame, view);
      }
    } finally {
      this.busy = false;
    }
  }

  private async render(frame: readonly SceneElement[], view: LayerView): Promise<void> {
    const ratio = window.devicePixelRatio || 1;
    if (!sameView(this.view, view) || !this.extends(frame)) await this.rebuild(frame, view, ratio);
    // Strokes finished since: onto the bitmap, one by one (they lie above everything drawn).
    const baseContext = this.base.getContext('2d')!;
    let next = this.baseElements.length;
    while (next < frame.length && !isPartial(frame[next]!)) {
      await this.draw(baseContext, [frame[next]!], view, ratio);
      this.baseElements.push(frame[next]!);
      next += 1;
    }
    const context = this.canvas.getContext('2d')!;
    if (this.canvas.width !== this.base.width || this.canvas.height !== this.base.height) {
      this.canvas.width = this.base.width;
      this.canvas.height = this.base.height;
    }
    context.drawImage(this.base, 0, 0);
    if (next < frame.length) await this.draw(context, frame.slice(next), view, ratio);
  }

  /** True when `frame` starts with every element of the bitmap, the same objects in order. */
  private extends(frame: readonly SceneElement[]): boolean {
    const drawn = this.baseElements;
    if (frame.length < drawn.length) return false;
    for (let i = drawn.length - 1; i >= 0; i -= 1) if (frame[i] !== drawn[i]) return false;
    return true;
  }

  private async rebuild(frame: readonly SceneElement[], view: LayerView, ratio: number) {
    this.view = view;
    this.base.width = Math.max(1, Math.round(view.width * ratio));
    this.base.height = Math.max(1, Math.round(view.height * ratio));
    const context = this.base.getContext('2d')!;
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, this.base.width, this.base.height);
    let settled = 0;
    while (settled < frame.length && !isPartial(frame[settled]!)) settled += 1;
    this.baseElements = frame.slice(0, settled);
    await this.draw(context, inView(this.baseElements, view), view, ratio);
  }

  /** Draws `elements` where the view shows them, with Excalidraw's export renderer. */
  private async draw(
    context: CanvasRenderingContext2D,
    elements: readonly SceneElement[],
    view: LayerView,
    ratio: number,
  ): Promise<void> {
    if (elements.length === 0) return;
    const asExcalidraw = elements as unknown as ExcalidrawElements;
    const [minX, minY] = getCommonBounds(asExcalidraw);
    const scale = view.zoom * ratio;
    const rendered = await exportToCanvas({
      elements: asExcalidraw,
      appState: { exportBackground: false, viewBackgroundColor: BACKGROUND },
      files: asBinaryFiles(this.files()),
      exportPadding: PADDING,
      getDimensions: (width: number, height: number) => ({
        width: Math.max(1, Math.ceil(width * scale)),
        height: Math.max(1, Math.ceil(height * scale)),
        scale,
      }),
    });
    if (rendered.width === 0 || rendered.height === 0) return;
    context.drawImage(
      rendered,
      (minX - PADDING + view.scrollX) * scale,
      (minY - PADDING + view.scrollY) * scale,
    );
  }
}
