/**
 * The card picture of a canvas for a reader: the access rule of every canvas read (whoever may
 * not read it gets the 404 of a missing canvas), the canvas's revision as the picture's
 * version, and the picture rendered from the canvas's current scene (the one joining clients
 * get) once per revision.
 */
import type { CanvasesService } from '../canvases.service';
import { THUMBNAIL_RENDERER_VERSION, renderThumbnail } from './renderThumbnail';
import { ThumbnailCache } from './thumbnailCache';

export interface ThumbnailVersion {
  /** The HTTP entity tag: the canvas's revision and the renderer's version. */
  etag: string;
  /** The SVG, or null when nothing is drawn. */
  picture(): Promise<string | null>;
}

export class CanvasThumbnails {
  constructor(
    private readonly canvases: CanvasesService,
    private readonly cache = new ThumbnailCache(),
  ) {}

  /** The version of the canvas's picture that `userId` may see (NOT_FOUND otherwise). */
  async current(userId: string, canvasId: string): Promise<ThumbnailVersion> {
    try {
      await this.canvases.readable(userId, canvasId);
    } catch (error) {
      // A deleted canvas's picture leaves memory as soon as anyone asks for it.
      this.cache.forget(canvasId);
      throw error;
    }
    return this.version(canvasId);
  }

  /** The version of the canvas's picture, for a caller that checked the access itself. */
  async version(canvasId: string): Promise<ThumbnailVersion> {
    // The document is read before the scene, so the scene is never older than its revision.
    const { revision } = await this.canvases.doc(canvasId);
    return {
      etag: `"${revision}-r${THUMBNAIL_RENDERER_VERSION}"`,
      picture: () => this.picture(canvasId, revision),
    };
  }

  private async picture(canvasId: string, revision: number): Promise<string | null> {
    const cached = this.cache.get(canvasId, revision);
    if (cached !== undefined) return cached;
    const svg = renderThumbnail((await this.canvases.snapshot(canvasId)).elements);
    this.cache.set(canvasId, revision, svg);
    return svg;
  }
}
