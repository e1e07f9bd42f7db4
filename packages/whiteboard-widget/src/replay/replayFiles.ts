/**
 * The image files of a replay: Excalidraw keeps an image's bytes apart from its `image`
 * element, so the player fetches the file of each image element it comes across through the
 * host's file transport (the collaboration engine's `FileTransport`, whose `download` is all it
 * needs). Each file is asked for once, a few at a time, and kept for the player's life; a file
 * that fails or does not exist is left out (its element shows Excalidraw's placeholder), never
 * holding up playback.
 */
import type { SceneElement } from '@tabula/domain';
import type { FileTransport, ImageFile, ImageFiles } from '../collab/fileTransport';
import { imageFileIds } from '../collab/imageSync';

/** What the player needs of a `FileTransport`: downloads. */
export type ReplayFileSource = Pick<FileTransport, 'download'>;

/** How many files are fetched at once. */
export const REPLAY_FILE_CONCURRENCY = 3;

export class ReplayFiles {
  private held: ImageFiles = {};
  /** Every file asked for, settled or not: each is asked for once. */
  private readonly asked = new Map<string, Promise<void>>();
  private readonly queue: { fileId: string; done: () => void }[] = [];
  private running = 0;
  private closed = false;

  constructor(
    private readonly source: ReplayFileSource,
    private readonly canvasId: string,
    /** Called with each file that arrives (not after `dispose`). */
    private readonly onFile: (file: ImageFile) => void,
    private readonly concurrency = REPLAY_FILE_CONCURRENCY,
  ) {}

  /** The files held so far, by id (a new object after each arrival). */
  files(): ImageFiles {
    return this.held;
  }

  /** Fetches the files of the image elements among `elements` not asked for yet. */
  want(elements: readonly SceneElement[]): void {
    for (const fileId of imageFileIds(elements)) this.ask(fileId);
  }

  /**
   * The files of `elements` once each has arrived or failed (fetching those not asked for yet):
   * what an export waits for, so that it draws every image it can.
   */
  async settled(elements: readonly SceneElement[]): Promise<ImageFiles> {
    await Promise.all([...imageFileIds(elements)].map((fileId) => this.ask(fileId)));
    return this.held;
  }

  dispose(): void {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.done();
  }

  private ask(fileId: string): Promise<void> {
    const known = this.asked.get(fileId);
    if (known) return known;
    const settled = new Promise<void>((done) => this.queue.push({ fileId, done }));
    this.asked.set(fileId, settled);
    this.next();
    return settled;
  }

  private next(): void {
    while (!this.closed && this.running < this.concurrency && this.queue.length > 0) {
      const { fileId, done } = this.queue.shift()!;
      this.running += 1;
      this.source
        .download(this.canvasId, fileId)
        .then(
          (file) => {
            if (!file || this.closed) return;
            this.held = { ...this.held, [fileId]: { ...file, id: fileId } };
            this.onFile(this.held[fileId]!);
          },
          () => undefined,
        )
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          done();
          this.next();
        });
    }
  }
}
