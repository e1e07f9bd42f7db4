/**
 * Keeps the editor's image files in step with the server: an `image` element whose file this
 * client holds and has not sent is uploaded once; one whose file the editor lacks (a peer's,
 * from a join, a commit or a preview) is fetched and added to the editor. A fetch that finds
 * nothing yet (the peer's upload is still on its way) is tried again after 1, 2, then every 4
 * retry delays.
 */
import type { SceneElement } from '@tabula/domain';
import type { Scheduler } from './scheduler';
import { FileRefusedError } from './fileTransport';
import type { FileTransport, ImageFile, ImageFiles } from './fileTransport';

/** How many times a missing file is asked for before giving up (about a minute of waiting). */
export const MAX_FILE_FETCHES = 16;

/** The longest wait between two tries, in multiples of `retryDelayMs`: a peer sees a file soon after it is up. */
const MAX_BACKOFF = 4;

type FileState = 'uploading' | 'fetching' | 'done' | 'refused' | 'missing';

export interface ImageSyncOptions {
  transport: FileTransport;
  canvasId: string;
  scheduler: Scheduler;
  retryDelayMs: number;
  /** Adds fetched files to the editor. */
  addFiles(files: ImageFile[]): void;
  /** The server refused an upload: `message` says why. */
  refused(fileId: string, message: string): void;
  /** The server holds this file now (uploaded by this client). */
  uploaded?(file: ImageFile): void;
}

/** The file a live image element shows (null: not a live image, or no file yet). */
export function liveImageFileId(element: SceneElement): string | null {
  if (element.type !== 'image' || element.isDeleted) return null;
  const fileId = (element as { fileId?: unknown }).fileId;
  return typeof fileId === 'string' && fileId ? fileId : null;
}

/** The file ids of the live image elements of a scene. */
export function imageFileIds(elements: readonly SceneElement[]): Set<string> {
  const ids = new Set<string>();
  for (const element of elements) {
    const fileId = liveImageFileId(element);
    if (fileId) ids.add(fileId);
  }
  return ids;
}

export class ImageSync {
  private readonly states = new Map<string, FileState>();
  private readonly timers = new Set<() => void>();
  private lastElements: readonly SceneElement[] | null = null;
  private lastFiles: ImageFiles | undefined;
  private closed = false;

  constructor(private readonly options: ImageSyncOptions) {}

  /** The editor reported its scene and files. */
  sceneChanged(elements: readonly SceneElement[], files: ImageFiles | undefined): void {
    if (this.closed || (elements === this.lastElements && files === this.lastFiles)) return;
    this.lastElements = elements;
    this.lastFiles = files;
    for (const fileId of imageFileIds(elements)) {
      const state = this.states.get(fileId);
      const held = files?.[fileId];
      // A file being fetched may turn up locally: this client added it, so it sends it.
      if (held && (state === undefined || state === 'fetching' || state === 'missing'))
        this.upload(held, 0);
      else if (!held && state === undefined) this.fetch(fileId, 0);
    }
  }

  /** The server already holds these files (uploaded in an earlier session): not sent again. */
  uploadedBefore(fileIds: readonly string[]): void {
    for (const fileId of fileIds) if (!this.states.has(fileId)) this.states.set(fileId, 'done');
  }

  dispose(): void {
    this.closed = true;
    for (const cancel of this.timers) cancel();
    this.timers.clear();
  }

  private later(task: () => void, attempt: number): void {
    const cancel = this.options.scheduler.schedule(
      () => {
        this.timers.delete(cancel);
        if (!this.closed) task();
      },
      this.options.retryDelayMs * Math.min(2 ** attempt, MAX_BACKOFF),
    );
    this.timers.add(cancel);
  }

  private upload(file: ImageFile, attempt: number): void {
    const { transport, canvasId } = this.options;
    this.states.set(file.id, 'uploading');
    transport.upload(canvasId, { ...file }).then(
      () => {
        this.states.set(file.id, 'done');
        if (!this.closed) this.options.uploaded?.(file);
      },
      (error: unknown) => {
        if (this.closed) return;
        if (error instanceof FileRefusedError) {
          this.states.set(file.id, 'refused');
          this.options.refused(file.id, error.message);
        } else this.later(() => this.upload(file, attempt + 1), attempt);
      },
    );
  }

  private fetch(fileId: string, attempt: number): void {
    const { transport, canvasId } = this.options;
    this.states.set(fileId, 'fetching');
    const retry = () => {
      if (this.states.get(fileId) !== 'fetching') return;
      if (attempt + 1 >= MAX_FILE_FETCHES) this.states.set(fileId, 'missing');
      else
        this.later(() => {
          if (this.states.get(fileId) === 'fetching') this.fetch(fileId, attempt + 1);
        }, attempt);
    };
    transport.download(canvasId, fileId).then((file) => {
      // Meanwhile the file may have turned up locally (and be on its way up).
      if (this.closed || this.states.get(fileId) !== 'fetching') return;
      if (!file) return retry();
      this.states.set(fileId, 'done');
      this.options.addFiles([file]);
    }, retry);
  }
}
