import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import type { DeltaTracker } from '../scene/deltaTracker';
import { withValidIndices } from '../scene/fractionalIndex';
import type { BoardView } from './boardView';
import { InkPreviews } from './inkPreviews';
import type { Restore } from './inkPreviews';
import type { Scheduler } from './scheduler';
import { OncePerFrame, animationFrames } from '../board/frames';
import type { RequestFrame } from '../board/frames';
import { drawsAsTheEditor, drawsOnOverlay } from '../board/previewShapes';

const NO_RESTORE: Restore = new Map();

/** Elements by id, keeping the winner of the domain's rule (`reconcile`). */
function winners(current: Iterable<SceneElement>, incoming: readonly SceneElement[]) {
  return new Map(reconcile([...current], incoming).map((element) => [element.id, element]));
}

/** What waits for the next frame's update of the editor. */
interface Batch {
  /** Peers' commits (held while the local user edits the element). */
  commits: Map<string, SceneElement>;
  /** Board-lane previews (never held). */
  inks: Map<string, SceneElement>;
  /** Ended board-lane previews to put back. */
  restore: Restore;
  /** Overlay previews whose commits this update shows. */
  retire: Set<string>;
}

const emptyBatch = (): Batch => ({
  commits: new Map(),
  inks: new Map(),
  restore: new Map(),
  retire: new Set(),
});

/**
 * Applies peers' changes to the editor: their commits reconciled with the domain's
 * `reconcile(local, remote, { editingIds })` against the scene the editor holds when the update
 * is applied, everything that arrived since the last frame in one update; elements the local
 * user is editing keep their local copy and get the peer's winning copy when the edit ends
 * (held). Peers' ink is shown as previews until their commit replaces them, the peer goes, or
 * nothing is heard for `previewTimeoutMs`: a new element the overlay can draw
 * (`drawsOnOverlay`) on the board's layer of its own (`overlay()`, `onOverlayChange`), any
 * other in the editor's scene. Before an editor is ready, changes wait.
 */
export class RemoteScene {
  private readonly previews = new InkPreviews();
  private readonly frame: OncePerFrame;
  private view: BoardView | null = null;
  private waiting = new Map<string, SceneElement>();
  private held = new Map<string, SceneElement>();
  /** Peers' committed strokes kept on the overlay while the local user draws (`committed`). */
  private onOverlayTillGestureEnds = new Map<string, SceneElement>();
  private editing: ReadonlySet<string> = new Set();
  private batch = emptyBatch();
  private cancelSweep: (() => void) | null = null;
  private disposed = false;

  constructor(
    private readonly tracker: DeltaTracker,
    private readonly scheduler: Scheduler,
    private readonly previewTimeoutMs: number,
    private readonly requestFrame: RequestFrame = animationFrames,
    /** Told whenever the overlay previews change (many times a frame is fine). */
    private readonly onOverlayChange: () => void = () => undefined,
  ) {
    this.frame = new OncePerFrame(requestFrame, () => this.flush());
  }

  /** The ready editor (null while there is none): waiting changes go to it. */
  setView(view: BoardView | null): void {
    this.view = view;
    if (view && this.waiting.size > 0) this.apply(this.takeWaiting());
  }

  /** Peers' changes that arrived while no editor was ready (and forgets them). */
  takeWaiting(): SceneElement[] {
    const waiting = [...this.waiting.values()];
    this.waiting = new Map();
    return waiting;
  }

  /** The ids the local user edits now; held copies of edits that ended are applied. */
  setEditing(editing: ReadonlySet<string>, ended: readonly string[]): void {
    this.editing = editing;
    for (const id of editing) this.previews.touch(id);
    const released = ended.flatMap((id) => {
      const element = this.held.get(id);
      this.held.delete(id);
      return element ? [element] : [];
    });
    if (released.length > 0) this.apply(released);
    if (editing.size === 0 && this.onOverlayTillGestureEnds.size > 0) {
      const strokes = [...this.onOverlayTillGestureEnds.values()];
      this.onOverlayTillGestureEnds = new Map();
      this.committed(strokes);
    }
  }

  /**
   * True while `id` shows a peer's preview in the editor the local user has not edited: a
   * change the editor reports for it (Excalidraw re-indexes in place) is not the user's.
   */
  isPreview(id: string): boolean {
    return this.previews.untouched(id) && !this.editing.has(id);
  }

  /** Peers' elements in progress drawn on the overlay (the editor holds none of them). */
  overlay(): SceneElement[] {
    return this.previews.overlay();
  }

  /** Counts the overlay's changes. */
  get overlayVersion(): number {
    return this.previews.version;
  }

  /**
   * A peer's commit: applied at the next frame, and the previews of its elements end. While
   * the local user is in a gesture, a commit of new strokes the overlay shows stays there,
   * drawn as committed, and goes to the editor when the gesture ends: the editor redraws its
   * whole scene for every change (about a tenth of a second at 5,000 elements), which mid-stroke
   * is frames the local user's pen loses, once for each stroke a crowd finishes.
   */
  committed(elements: readonly SceneElement[]): void {
    const drawing = this.editing.size > 0 && elements.length > 0;
    if (drawing && elements.every((element) => this.overlayShowsExactly(element))) {
      this.onOverlayTillGestureEnds = winners(this.onOverlayTillGestureEnds.values(), elements);
      for (const { id } of elements) this.previews.hold(this.onOverlayTillGestureEnds.get(id)!);
      this.onOverlayChange();
      return;
    }
    const kept = elements.flatMap((element) => {
      const stroke = this.onOverlayTillGestureEnds.get(element.id);
      this.onOverlayTillGestureEnds.delete(element.id);
      return stroke ? [stroke] : [];
    });
    const incoming = kept.length > 0 ? [...winners(kept, elements).values()] : elements;
    const ids = new Set(incoming.map((element) => element.id));
    for (const id of ids) if (this.previews.onOverlay(id)) this.batch.retire.add(id);
    this.apply(incoming, this.previews.settle(ids));
  }

  /** A peer's ink: shown as previews (the overlay's now, the editor's at the next frame). */
  ink(message: InkMessage): void {
    const view = this.view;
    if (!view) return;
    const version = this.previews.version;
    // Looked up only for an element with no preview yet (a stroke's first message); a commit
    // waiting for the frame counts as the board's (ink arriving after it is late).
    const current = (id: string) =>
      this.batch.commits.get(id) ?? view.getSceneElements().find((element) => element.id === id);
    const shown = this.previews.receive(message, current, this.scheduler.now(), drawsOnOverlay);
    if (shown.length > 0) this.apply(shown, NO_RESTORE, false);
    if (this.previews.version !== version) this.onOverlayChange();
    this.scheduleSweep();
  }

  /** True when every peer's commit received is in the editor (none waits for a frame, an edit's end or an editor). */
  settled(): boolean {
    return (
      this.batch.commits.size === 0 &&
      this.held.size === 0 &&
      this.waiting.size === 0 &&
      this.onOverlayTillGestureEnds.size === 0
    );
  }

  /** Ends the previews of `actorId` (a peer who left), or all of them. */
  dropPreviews(actorId?: string): void {
    this.endPreviews(this.previews.drop((preview) => !actorId || preview.actorId === actorId));
  }

  /** Stops the preview sweep and the frame asked for. */
  dispose(): void {
    this.disposed = true;
    this.cancelSweep?.();
    this.cancelSweep = null;
    this.frame.stop();
  }

  /**
   * Reconciles peers' elements into the editor's scene at the next frame (or keeps them until
   * an editor is ready). `restore` first puts back the copies that ended previews covered.
   * With `hold`, a peer's copy of an element being edited is kept and applied when the edit
   * ends.
   */
  apply(remote: readonly SceneElement[], restore: Restore = NO_RESTORE, hold = true): void {
    const incoming = withValidIndices(remote);
    if (!this.view) {
      this.waiting = winners(this.waiting.values(), incoming);
      return;
    }
    const batch = this.batch;
    if (hold) batch.commits = winners(batch.commits.values(), incoming);
    else batch.inks = winners(batch.inks.values(), incoming);
    for (const [id, ended] of restore) batch.restore.set(id, ended);
    if (!this.disposed) this.frame.schedule();
  }

  /** One update of the editor with everything that arrived since the last frame. */
  private flush(): void {
    const batch = this.batch;
    this.batch = emptyBatch();
    const view = this.view;
    if (!view) {
      this.waiting = winners(this.waiting.values(), [
        ...batch.commits.values(),
        ...batch.inks.values(),
      ]);
      return;
    }
    const incoming = [...winners(batch.commits.values(), [...batch.inks.values()]).values()];
    const { restore } = batch;
    let touched: SceneElement[] = [];
    view.updateScene(
      (current) => {
        // The editor takes the commits now: the overlay previews they replace go once it has
        // drawn them (two frames on), so the stroke never blinks.
        if (batch.retire.size > 0) this.retireLater(batch.retire);
        const restored: SceneElement[] = [];
        let local = current;
        if (restore.size > 0) {
          local = current.flatMap((element) => {
            const ended = restore.get(element.id);
            // Only a preview still as shown goes: not one the local user changed since.
            if (!ended || this.editing.has(element.id) || !sameStamp(element, ended.shown))
              return [element];
            if (ended.base) restored.push(ended.base);
            return ended.base ? [ended.base] : [];
          });
        }
        const edited = [...batch.commits.values()].filter((element) =>
          this.editing.has(element.id),
        );
        if (edited.length > 0) this.held = winners(this.held.values(), edited);
        const next = reconcile(local, incoming, { editingIds: this.editing });
        const mine = new Set(incoming);
        const applied = next.filter((element) => mine.has(element));
        if (applied.length === 0 && restored.length === 0 && local === current) return null;
        touched = [...restored, ...applied];
        return next;
      },
      () => {
        // Read after the editor took them: any in-place change it made to the peers' elements
        // (a new index) is not ours. One of our own elements it re-indexed to make room for
        // them is ours to commit (its author's), so that the log holds the order every editor
        // shows.
        this.tracker.markSeen(touched);
        for (const element of touched) this.previews.markShown(element);
      },
    );
  }

  /** A new stroke of a peer's, shown on the overlay, that the overlay draws as the editor will. */
  private overlayShowsExactly(element: SceneElement): boolean {
    return this.previews.onOverlay(element.id) && drawsAsTheEditor(element);
  }

  private retireLater(ids: ReadonlySet<string>): void {
    this.requestFrame(() =>
      this.requestFrame(() => {
        this.previews.retire(ids);
        this.onOverlayChange();
      }),
    );
  }

  private endPreviews(restore: Restore): void {
    this.onOverlayChange();
    if (restore.size > 0) this.apply([], restore, false);
  }

  private scheduleSweep(): void {
    const oldest = this.previews.oldestAt();
    if (this.cancelSweep || oldest === null) return;
    const due = oldest + this.previewTimeoutMs - this.scheduler.now();
    this.cancelSweep = this.scheduler.schedule(() => {
      this.cancelSweep = null;
      const cutoff = this.scheduler.now() - this.previewTimeoutMs;
      this.endPreviews(this.previews.drop((preview) => preview.at <= cutoff));
      this.scheduleSweep();
    }, due);
  }
}

function sameStamp(
  element: SceneElement,
  shown: { version: number; versionNonce: number } | null,
): boolean {
  return (
    shown !== null &&
    element.version === shown.version &&
    element.versionNonce === shown.versionNonce
  );
}
