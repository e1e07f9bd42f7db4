import type { SceneElement } from '@tabula/domain';
import type { UpdatedCanvasMessage } from '@tabula/domain/protocol';

/**
 * Where the client stands in a canvas's committed stream (`canvas-updated`): the last
 * revision it has caught up to, which the next join asks to resume from.
 *
 * - Commits that arrive while a join is under way are held, and applied in order once the
 *   join's scene is (they may follow it or already be in it).
 * - A commit at or below the revision caught up to is already in the scene and is skipped:
 *   commits arrive in order on one connection, and a join's catch-up may repeat them.
 */
export class CommittedStream {
  private last: number | null = null;
  private held: UpdatedCanvasMessage[] | null = null;

  constructor(private readonly apply: (elements: readonly SceneElement[]) => void) {}

  /** The last revision caught up to (`null` before the first join). */
  get revision(): number | null {
    return this.last;
  }

  /** The scene kept on the device is at `revision`: the first join catches up from it. */
  resumeFrom(revision: number): void {
    this.last ??= revision;
  }

  /** A join was sent: hold commits until it answers. */
  joining(): void {
    this.held = [];
  }

  /** The connection went: what was held will come again with the next join's catch-up. */
  disconnected(): void {
    this.held = null;
  }

  /** The join's scene is applied, at `revision`: the commits held meanwhile follow it. */
  joined(revision: number): void {
    this.last = Math.max(this.last ?? 0, revision);
    const held = this.held ?? [];
    this.held = null;
    for (const message of held) this.committed(message);
  }

  /** A peer's (or our own) commit. */
  committed(message: UpdatedCanvasMessage): void {
    if (this.held) {
      this.held.push(message);
      return;
    }
    if (this.last !== null && message.revision <= this.last) return;
    this.apply(message.elements);
    this.last = Math.max(this.last ?? 0, message.revision);
  }
}
