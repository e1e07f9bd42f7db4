/**
 * The image files of canvases: an upload is checked against the image rules and stored
 * content-addressed; a read answers the bytes a canvas's `fileId` names. Only the canvas's
 * owner and collaborators may do either (others get the 404 of a missing canvas, from
 * `CanvasesService.readable`).
 */
import { DomainError } from '@tabula/domain';
import { FILE_ID_PATTERN, FILE_ID_TAKEN, FILE_NOT_FOUND } from '@tabula/domain/protocol';
import type { StoredFileInfo } from '@tabula/domain/protocol';
import type { StoredFile } from '../../../infrastructure/files/fileStore';
import type { CanvasesService } from '../canvases.service';
import { inheritFile } from './forkedFiles';
import type { ForkedFilesDeps } from './forkedFiles';
import { checkImageUpload } from './imageRules';

export class FilesService {
  constructor(
    private readonly canvases: Pick<CanvasesService, 'readable'>,
    /** The store, and what a fork's inherited files are found with. */
    private readonly deps: ForkedFilesDeps,
  ) {}

  /** Throws the 404 of a missing canvas unless `userId` may read it. */
  async checkAccess(userId: string, canvasId: string): Promise<void> {
    await this.canvases.readable(userId, canvasId);
  }

  /**
   * Stores an upload once `checkAccess` passed; `created` says whether it was new (a fileId
   * uploaded again with the same bytes is not an error).
   */
  async upload(
    canvasId: string,
    body: unknown,
  ): Promise<{ info: StoredFileInfo; created: boolean }> {
    const image = checkImageUpload(body);
    const outcome = await this.deps.store.put(canvasId, image.fileId, image);
    if (outcome === 'conflict') throw new DomainError('CONFLICT', FILE_ID_TAKEN);
    return {
      info: {
        fileId: image.fileId,
        mimeType: image.mimeType,
        size: image.bytes.length,
        hash: image.hash,
      },
      created: outcome === 'stored',
    };
  }

  /** The file `fileId` names on a canvas `userId` may read (a fork's: inherited), or NOT_FOUND. */
  async read(userId: string, canvasId: string, fileId: string): Promise<StoredFile> {
    await this.checkAccess(userId, canvasId);
    return this.readChecked(canvasId, fileId);
  }

  /** The same for a canvas whose access the caller checked otherwise (a view link's). */
  async readChecked(canvasId: string, fileId: string): Promise<StoredFile> {
    if (!FILE_ID_PATTERN.test(fileId)) throw new DomainError('NOT_FOUND', FILE_NOT_FOUND);
    const file =
      (await this.deps.store.get(canvasId, fileId)) ??
      (await inheritFile(this.deps, canvasId, fileId));
    if (!file) throw new DomainError('NOT_FOUND', FILE_NOT_FOUND);
    return file;
  }
}
