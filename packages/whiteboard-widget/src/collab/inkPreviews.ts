import { applyPointPatch, compareElementCopies } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';

/** What the editor held of a shown preview right after taking it. */
export interface ShownStamp {
  version: number;
  versionNonce: number;
}

/**
 * Where a preview is drawn: on the board layer of its own (`overlay`: a new element the layer
 * can draw, the editor never holds it) or in the editor's scene (`board`: an edit of an element
 * the board holds, or a type only the editor draws).
 */
export type PreviewLane = 'overlay' | 'board';

/** A peer's element in progress, shown until its commit arrives. */
interface Preview {
  /** Ours: the editor gets a copy (it changes the objects it holds in place). */
  element: SceneElement;
  lane: PreviewLane;
  /** Its commit arrived: an overlay preview stays drawn until the editor shows the commit. */
  settled: boolean;
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
 * copy. A new element the overlay can draw is an overlay preview (`overlay()`, `version`
 * counts its changes); any other is shown in the editor's scene (the copies `receive`
 * returns). A preview ends when its commit arrives (`settle`, then `retire` for an overlay
 * one) or when it is dropped (`drop`).
 */
export class InkPreviews {
  private readonly previews = new Map<string, Preview>();
  private overlayVersion = 0;

  /**
   * The board-lane preview copies an `ink` message gives (fresh copies, for the editor to
   * hold); overlay previews are kept for `overlay()`. `current(id)` is the board's copy;
   * `onOverlay(element)` says whether the overlay can draw a new element. A patch that does not
   * follow on from what is shown (a message was lost) is skipped.
   */
  receive(
    message: InkMessage,
    current: (id: string) => SceneElement | undefined,
    now: number,
    onOverlay: (element: SceneElement) => boolean = () => false,
  ): SceneElement[] {
    const shown: SceneElement[] = [];
    const show = (element: SceneElement, base: SceneElement | null) => {
      const previous = this.previews.get(element.id);
      const lane = previous?.lane ?? (base === null && onOverlay(element) ? 'overlay' : 'board');
      this.previews.set(element.id, {
        element,
        lane,
        settled: false,
        shown: null,
        touched: previous?.touched ?? false,
        base,
        actorId: message.actorId,
        at: now,
      });
      if (lane === 'board') shown.push({ ...element });
      else this.overlayVersion += 1;
    };
    for (const element of message.elements ?? []) {
      const previous = this.previews.get(element.id);
      // Late ink for an overlay preview whose commit arrived.
      if (previous?.settled) continue;
      const base = previous ? previous.base : (current(element.id) ?? null);
      // Ink older than what the board already holds (a late message after the commit).
      if (!previous && base && compareElementCopies(element, base) <= 0) continue;
      show(element, base);
    }
    for (const patch of message.patches ?? []) {
      const previous = this.previews.get(patch.id);
      if (previous?.settled) continue;
      const from = previous?.element ?? current(patch.id);
      if (!from) continue;
      const next = applyPointPatch(from, patch);
      if (next) show(next, previous ? previous.base : from);
    }
    return shown;
  }

  /** True while `id` shows a peer's preview in the editor the local user has not edited. */
  untouched(id: string): boolean {
    const preview = this.previews.get(id);
    return preview !== undefined && preview.lane === 'board' && !preview.touched;
  }

  /** The overlay previews, in the order they started (the editor holds none of them). */
  overlay(): SceneElement[] {
    const elements: SceneElement[] = [];
    for (const preview of this.previews.values())
      if (preview.lane === 'overlay') elements.push(preview.element);
    return elements;
  }

  /** Counts the changes of the overlay previews (a layer redraws when it moves). */
  get version(): number {
    return this.overlayVersion;
  }

  /** True while `id` is an overlay preview. */
  onOverlay(id: string): boolean {
    return this.previews.get(id)?.lane === 'overlay';
  }

  /** The editor shows the commits of these overlay previews: they go. */
  retire(ids: Iterable<string>): void {
    for (const id of ids) {
      if (this.previews.get(id)?.lane !== 'overlay') continue;
      this.previews.delete(id);
      this.overlayVersion += 1;
    }
  }

  /**
   * The committed copy of the overlay preview `element.id`, drawn in its place and settled, for
   * as long as its commit waits to go to the editor (`RemoteScene` holds a peer's stroke while
   * the local user draws). A settled preview is never dropped or swept, only retired.
   */
  hold(element: SceneElement): void {
    const preview = this.previews.get(element.id);
    if (preview?.lane !== 'overlay') return;
    preview.element = element;
    preview.settled = true;
    this.overlayVersion += 1;
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

  /**
   * Committed copies arrived for these ids: their editor previews end (returns what they
   * replaced); overlay previews stay drawn, settled, until `retire`.
   */
  settle(ids: ReadonlySet<string>): Restore {
    for (const id of ids) {
      const preview = this.previews.get(id);
      if (preview?.lane === 'overlay') preview.settled = true;
    }
    return this.take((preview, id) => preview.lane === 'board' && ids.has(id));
  }

  /**
   * Ends the previews `which` selects (all by default); returns the copies to put back. A
   * settled one stays: its commit is on its way to the editor.
   */
  drop(which: (preview: { actorId: string; at: number }) => boolean = () => true): Restore {
    return this.take((preview) => !preview.settled && which(preview));
  }

  /** The time of the oldest ink still shown and not settled, or null when none is. */
  oldestAt(): number | null {
    let oldest: number | null = null;
    for (const preview of this.previews.values())
      if (!preview.settled && (oldest === null || preview.at < oldest)) oldest = preview.at;
    return oldest;
  }

  get size(): number {
    return this.previews.size;
  }

  /** Ends the previews `which` selects: the overlay's go, the editor's are returned to put back. */
  private take(which: (preview: Preview, id: string) => boolean): Restore {
    const restore: Restore = new Map();
    for (const [id, preview] of this.previews) {
      if (!which(preview, id)) continue;
      this.previews.delete(id);
      if (preview.lane === 'overlay') this.overlayVersion += 1;
      else restore.set(id, { shown: preview.shown, base: preview.base });
    }
    return restore;
  }
}
