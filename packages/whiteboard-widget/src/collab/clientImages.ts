import { tombstone } from '@tabula/domain';
import type { BoardView, SceneUpdate } from './boardView';
import type { CollaborationError } from './collaborationOptions';
import type { FileTransport } from './fileTransport';
import { ImageSync, liveImageFileId } from './imageSync';
import type { KeptCopy } from './keptCopy';
import type { Scheduler } from './scheduler';

/** Where a client's image files go besides the server. */
export interface ImageSinks {
  kept: KeptCopy;
  /** The attached editor, if any. */
  view(): BoardView | null;
  error(error: CollaborationError): void;
}

/**
 * The image files of a client's canvas over `files` (without it, images stay local: null):
 * files fetched are kept on the device and added to the editor, an upload is marked kept as
 * uploaded, and a refused upload is a `FILE_REFUSED` error whose pictures leave the board (for
 * everyone: their tombstones are committed like any local change).
 */
export function clientImages(
  options: { files?: FileTransport; canvasId: string },
  scheduler: Scheduler,
  retryDelayMs: number,
  to: ImageSinks,
): ImageSync | null {
  if (!options.files) return null;
  return new ImageSync({
    transport: options.files,
    canvasId: options.canvasId,
    scheduler,
    retryDelayMs,
    addFiles: (files) => {
      to.kept.canvas?.keepFiles(files, true);
      to.view()?.addFiles?.(files);
    },
    uploaded: (file) => to.kept.canvas?.fileUploaded(file),
    refused: (fileId, message) => {
      to.view()?.updateScene(withoutPicturesOf(fileId));
      to.error({ kind: 'update-refused', message, code: 'FILE_REFUSED' });
    },
  });
}

/** Deletes the live image elements that show the file `fileId` (null: there are none). */
function withoutPicturesOf(fileId: string): SceneUpdate {
  return (current) => {
    let removed = false;
    const next = current.map((element) => {
      if (liveImageFileId(element) !== fileId) return element;
      removed = true;
      return tombstone(element);
    });
    return removed ? next : null;
  };
}
