import { applyPointPatch, compareElementCopies } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';

/** What the editor held of a shown preview right after taking it. */
export interface ShownStamp {
  version: number;
  versionNonce: number;
}

/** A peer's element in progress, shown until its commit arrives. */
interface Preview {
  /** Ours: the editor gets a copy (it changes the objects it holds in place). */
  element: SceneElement;
  /** The editor's copy as it was once shown (null until `markShown`). */
  shown: ShownStamp | null;
  /** The local user edited the element while it was shown (their copy is theirs). */
  touched: boolean;
  /** The copy the board held before the preview (null: the element is new). */
  base: SceneElement | null;
  actorId: string;
  /** When the last ink for it arrived (scheduler time). */
  at: number;
}

/** Ended previews by id: what was shown, and what to put back (the old copy, or nothing). */
export type Restore = Map<string, { shown: ShownStamp | null; base: SceneElement | null }>;

/**
 * Peers' ink as previews: the elements they are drawing, built from whole elements and from
 * point patches applied (the domain's `applyPointPatch`) onto the last preview or the board's
 * copy. A preview ends when its commit arrives (`settle`) or when it is dropped (`drop`).
 */
export class InkPreviews {
  private readonly previews = new Map<string, Preview>();

  /**
   * The preview copies an `ink` message gives (fresh copies, for the editor to hold).
   * `current(id)` is the board's copy. A patch that does not follow on from what is shown (a
   * message was lost) is skipped.
   */
  receive(
    message: InkMessage,
    current: (id: string) => SceneElement | undefined,
    now: number,
  ): SceneElement[] {
    const shown: SceneElement[] = [];
    const show = (element: SceneElement, base: SceneElement | null) => {
      this.previews.set(element.id, {
        element,
        shown: null,
        touched: this.previews.get(element.id)?.touched ?? false,
        base,
        actorId: message.actorId,
        at: now,
      });
      shown.push({ ...element });
    };
    for (const element of message.elements ?? []) {
      const previous = this.previews.get(element.id);
      const base = previous ? previous.base : (current(element.id) ?? null);
      // Ink older than what the board already holds (a late message after the commit).
      if (!previous && base && compareElementCopies(element, base) <= 0) continue;
      show(element, base);
    }
    for (const patch of message.patches ?? []) {
      const previous = this.previews.get(patch.id);
      const from = previous?.element ?? current(patch.id);
      if (!from) continue;
      const next = applyPointPatch(from, patch);
      if (next) show(next, previous ? previous.base : from);
    }
    return shown;
  }

  /** True while `id` shows a peer's preview the local user has not edited. */
  untouched(id: string): boolean {
    const preview = this.previews.get(id);
    return preview !== undefined && !preview.touched;
  }

  /** The local user edits `id`: from now on its copy is theirs, not the peer's preview. */
  touch(id: string): void {
    const preview = this.previews.get(id);
    if (preview) preview.touched = true;
  }

  /** The editor took the preview copy `held` (and may have re-indexed it): remember its stamp. */
  markShown(held: SceneElement): void {
    const preview = this.previews.get(held.id);
    if (preview) preview.shown = { version: held.version, versionNonce: held.versionNonce };
  }

  /** Committed copies arrived for these ids: their previews end. Returns what they replaced. */
  settle(ids: ReadonlySet<string>): Restore {
    return this.take((preview, id) => ids.has(id));
  }

  /** Ends the previews `which` selects (all by default); returns the copies to put back. */
  drop(which: (preview: { actorId: string; at: number }) => boolean = () => true): Restore {
    return this.take((preview) => which(preview));
  }

  /** The time of the oldest ink still shown, or null when none is. */
  oldestAt(): number | null {
    let oldest: number | null = null;
    for (const preview of this.previews.values())
      if (oldest === null || preview.at < oldest) oldest = preview.at;
    return oldest;
  }

  get size(): number {
    return this.previews.size;
  }

  private take(which: (preview: Preview, id: string) => boolean): Restore {
    const restore: Restore = new Map();
    for (const [id, preview] of this.previews) {
      if (!which(preview, id)) continue;
      this.previews.delete(id);
      restore.set(id, { shown: preview.shown, base: preview.base });
    }
    return restore;
  }
}
