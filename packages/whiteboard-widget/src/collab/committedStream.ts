import type { SceneElement } from '@tabula/domain';
import type { UpdatedCanvasMessage } from '@tabula/domain/protocol';

/**
 * Where the client stands in a canvas's committed stream (`updated-canvas`): the last
 * revision it has caught up to, which the next join asks to resume from.
 *
 * - Commits that arrive while a join is under way are held, and applied in order once the
 *   join's scene is (they may follow it or already be in it).
 * - A commit at or below the revision caught up to is already in the scene and is skipped:
 *   commits arrive in order on one connection, and a join's catch-up may repeat them.
 * - The client's own commits never come back (their acks carry their revisions): an acked
 *   revision counts as caught up to once every revision before it is, so that a reconnect
 *   does not download the client's own commits again. An ack may overtake a peer's earlier
 *   commit (acks go at once, commits once the read models show them): until that commit
 *   arrives, the revision stays below it.
 */
export class CommittedStream {
  private last: number | null = null;
  private held: UpdatedCanvasMessage[] | null = null;
  /** Revisions of the client's own commits above `last`, not yet contiguous with it. */
  private readonly own = new Set<number>();

  constructor(private readonly apply: (elements: readonly SceneElement[]) => void) {}

  /** The last revision caught up to (`null` before the first join). */
  get revision(): number | null {
    return this.last;
  }

  /** The scene kept on the device is at `revision`: the first join catches up from it. */
  resumeFrom(revision: number): void {
    this.last ??= revision;
    this.advance();
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
    this.advance();
    const held = this.held ?? [];
    this.held = null;
    for (const message of held) this.committed(message);
  }

  /** The client's own commit was stored at `revision` (its ack): the scene holds it already. */
  acked(revision: number): void {
    if (this.last !== null && revision <= this.last) return;
    this.own.add(revision);
    this.advance();
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
    this.advance();
  }

  /** Moves over the client's own revisions that follow the last one caught up to. */
  private advance(): void {
    if (this.last === null || this.own.size === 0) return;
    while (this.own.delete(this.last + 1)) this.last += 1;
    for (const revision of this.own) if (revision <= this.last) this.own.delete(revision);
  }
}
