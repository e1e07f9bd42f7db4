import type { SceneElement } from '@tabula/domain';
import type { PeerActivity, WhiteboardCursor } from '../Whiteboard.types';
import { sameView, sceneToLayer } from './layerView';
import type { LayerView } from './layerView';
import { drawCursor } from './cursors';
import { OncePerFrame, animationFrames } from './frames';
import type { RequestFrame } from './frames';
import { drawPreview } from './previewShapes';
import type { FreeDrawPath } from './previewShapes';

/**
 * The board's peer layer: a canvas of its own over Excalidraw's (pointer-events: none) that
 * draws peers' cursors and the elements they are drawing, following the editor's scroll and
 * zoom, at most once per animation frame and only when something changed. Nothing here goes
 * through the editor or React: a peer's message costs a redraw of this layer, not of the
 * board (as Excalidraw's own canvas for the element being drawn, for peers).
 */

/** How far outside the board a cursor still shows (its label hangs below and right). */
const CURSOR_MARGIN = 40;

export class PeerLayer {
  private viewport: LayerView | null = null;
  private activity: PeerActivity | null = null;
  private stopActivity: (() => void) | null = null;
  private fallbackCursors: readonly WhiteboardCursor[] = [];
  private freeDrawPath: FreeDrawPath | null = null;
  private readonly frame: OncePerFrame;
  /** Something is drawn: the next redraw must clear it even if there is nothing to draw. */
  private drawn = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    requestFrame: RequestFrame = animationFrames,
    private readonly pixelRatio: () => number = () => globalThis.devicePixelRatio || 1,
  ) {
    this.frame = new OncePerFrame(requestFrame, () => this.draw());
  }

  /** The editor's view changed (or may have): redraw if it did. */
  setViewport(viewport: LayerView): void {
    if (sameView(this.viewport, viewport)) return;
    this.viewport = viewport;
    this.frame.schedule();
  }

  /** Where peers' cursors and previews come from (null: none). */
  setActivity(activity: PeerActivity | null): void {
    if (activity === this.activity) return;
    this.stopActivity?.();
    this.activity = activity;
    this.stopActivity = activity ? activity.subscribe(() => this.frame.schedule()) : null;
    this.frame.schedule();
  }

  /** Cursors given as props (`collaborators` with pointers), drawn without `peerActivity`. */
  setCursors(cursors: readonly WhiteboardCursor[]): void {
    this.fallbackCursors = cursors;
    this.frame.schedule();
  }

  /** Excalidraw's freedraw outline, once its code is loaded (no previews are drawn before). */
  setFreeDrawPath(path: FreeDrawPath): void {
    this.freeDrawPath = path;
    this.frame.schedule();
  }

  dispose(): void {
    this.frame.stop();
    this.stopActivity?.();
    this.stopActivity = null;
    this.activity = null;
  }

  private draw(): void {
    const view = this.viewport;
    const context = view ? this.canvas.getContext('2d') : null;
    if (!view || !context) return;
    const ratio = this.pixelRatio();
    const width = Math.max(1, Math.round(view.width * ratio));
    const height = Math.max(1, Math.round(view.height * ratio));
    const previews: readonly SceneElement[] =
      this.freeDrawPath && this.activity ? this.activity.previews() : [];
    const cursors = this.activity ? this.activity.cursors() : this.fallbackCursors;
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    } else if (this.drawn) {
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, width, height);
    }
    this.drawn = previews.length > 0 || cursors.length > 0;
    if (!this.drawn) return;
    const scale = ratio * view.zoom;
    context.setTransform(scale, 0, 0, scale, scale * view.scrollX, scale * view.scrollY);
    for (const element of previews) drawPreview(context, element, this.freeDrawPath!);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    for (const cursor of cursors) {
      const at = sceneToLayer(cursor.pointer, view);
      if (
        at.x < -CURSOR_MARGIN ||
        at.y < -CURSOR_MARGIN ||
        at.x > view.width + CURSOR_MARGIN ||
        at.y > view.height + CURSOR_MARGIN
      )
        continue;
      drawCursor(context, at.x, at.y, cursor);
    }
  }
}
