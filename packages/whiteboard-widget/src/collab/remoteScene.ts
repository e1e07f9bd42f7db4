import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import type { DeltaTracker } from '../scene/deltaTracker';
import { withValidIndices } from '../scene/fractionalIndex';
import type { BoardView } from './boardView';
import { InkPreviews } from './inkPreviews';
import type { Restore } from './inkPreviews';
import type { Scheduler } from './scheduler';

const NO_RESTORE: Restore = new Map();

/** Elements by id, keeping the winner of the domain's rule (`reconcile`). */
function winners(current: Iterable<SceneElement>, incoming: readonly SceneElement[]) {
  return new Map(reconcile([...current], incoming).map((element) => [element.id, element]));
}

/**
 * Applies peers' changes to the editor: their commits reconciled with the domain's
 * `reconcile(local, remote, { editingIds })` against the scene the editor holds when the update
 * is applied; elements the local user is editing keep their local copy and get the peer's
 * winning copy when the edit ends (held); peers' ink shown as previews until their commit
 * replaces them, the peer goes, or nothing is heard for `previewTimeoutMs`. Before an editor is
 * ready, changes wait.
 */
export class RemoteScene {
  private readonly previews = new InkPreviews();
  private view: BoardView | null = null;
  private waiting = new Map<string, SceneElement>();
  private held = new Map<string, SceneElement>();
  private editing: ReadonlySet<string> = new Set();
  private cancelSweep: (() => void) | null = null;

  constructor(
    private readonly tracker: DeltaTracker,
    private readonly scheduler: Scheduler,
    private readonly previewTimeoutMs: number,
  ) {}

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
  }

  /**
   * True while `id` shows a peer's preview the local user has not edited: a change the editor
   * reports for it (Excalidraw re-indexes in place) is not the user's.
   */
  isPreview(id: string): boolean {
    return this.previews.untouched(id) && !this.editing.has(id);
  }

  /** A peer's commit: applied, and the previews of its elements end. */
  committed(elements: readonly SceneElement[]): void {
    const ids = new Set(elements.map((element) => element.id));
    this.apply(elements, this.previews.settle(ids));
  }

  /** A peer's ink: shown as previews. */
  ink(message: InkMessage): void {
    const view = this.view;
    if (!view) return;
    const scene = new Map(view.getSceneElements().map((element) => [element.id, element]));
    const shown = this.previews.receive(message, (id) => scene.get(id), this.scheduler.now());
    if (shown.length > 0) this.apply(shown, NO_RESTORE, false);
    this.scheduleSweep();
  }

  /** Ends the previews of `actorId` (a peer who left), or all of them. */
  dropPreviews(actorId?: string): void {
    const restore = this.previews.drop((preview) => !actorId || preview.actorId === actorId);
    if (restore.size > 0) this.apply([], restore, false);
  }

  /** Stops the preview sweep. */
  dispose(): void {
    this.cancelSweep?.();
    this.cancelSweep = null;
  }

  /**
   * Reconciles peers' elements into the editor's scene (or keeps them until an editor is
   * ready). `restore` first puts back the copies that ended previews covered. With `hold`, a
   * peer's copy of an element being edited is kept and applied when the edit ends.
   */
  apply(remote: readonly SceneElement[], restore: Restore = NO_RESTORE, hold = true): void {
    const incoming = withValidIndices(remote);
    const view = this.view;
    if (!view) {
      this.waiting = winners(this.waiting.values(), incoming);
      return;
    }
    let touched: SceneElement[] = [];
    view.updateScene(
      (current) => {
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
        if (hold) {
          const edited = incoming.filter((element) => this.editing.has(element.id));
          if (edited.length > 0) this.held = winners(this.held.values(), edited);
        }
        const next = reconcile(local, incoming, { editingIds: this.editing });
        const mine = new Set(incoming);
        const applied = next.filter((element) => mine.has(element));
        if (applied.length === 0 && restored.length === 0 && local === current) return null;
        touched = [...restored, ...applied];
        return next;
      },
      () => {
        // Read after the editor took them: any in-place change it made (a new index) is not ours.
        this.tracker.markSeen(touched);
        for (const element of touched) this.previews.markShown(element);
      },
    );
  }

  private scheduleSweep(): void {
    const oldest = this.previews.oldestAt();
    if (this.cancelSweep || oldest === null) return;
    const due = oldest + this.previewTimeoutMs - this.scheduler.now();
    this.cancelSweep = this.scheduler.schedule(() => {
      this.cancelSweep = null;
      const cutoff = this.scheduler.now() - this.previewTimeoutMs;
      const restore = this.previews.drop((preview) => preview.at <= cutoff);
      if (restore.size > 0) this.apply([], restore, false);
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
