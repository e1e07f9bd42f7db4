import { isAllowedElementType } from '@tabula/domain';
import type { GestureTiming, SceneElement } from '@tabula/domain';
import type { InkPayload } from '@tabula/domain/protocol';
import type { DeltaTracker } from '../scene/deltaTracker';
import { editingElementIds } from '../scene/editingIds';
import type { EditingState } from '../scene/editingIds';
import { GestureClock } from './gestureTiming';
import { InkSender } from './inkSender';

/** What one report of the editor comes to. */
export interface LocalReport {
  /** The ids being edited now, and those whose edit just ended. */
  editing: ReadonlySet<string>;
  ended: string[];
  /** Finished changes to commit, with their gesture timing (empty: none). */
  commit: SceneElement[];
  timing: GestureTiming | undefined;
  /** An element being edited changed since its last ink. */
  inkChanged: boolean;
  /** The count of elements not saved changed. */
  notSavedChanged: boolean;
}

/**
 * The local user's side of the editor's reports: which elements are being edited (their ink,
 * freedraw as point patches, and their gesture timing), which finished changes to commit (by
 * version, skipping what `isPeers(id)` says is a peer's preview the editor merely re-indexed),
 * and which elements are not saved (of a type the server refuses, or refused).
 */
export class LocalChanges {
  private readonly clock = new GestureClock();
  private readonly inkSender = new InkSender();
  private readonly notSaved = new Set<string>();
  private editing: ReadonlySet<string> = new Set();
  /** The elements being edited, as the editor last reported them. */
  private drawing: SceneElement[] = [];
  /** The array the editor last reported. */
  private reported: readonly SceneElement[] | null = null;

  constructor(
    private readonly tracker: DeltaTracker,
    private readonly isPeers: (id: string) => boolean,
  ) {}

  /** True while the local user draws, types, drags, resizes or rotates something. */
  get editingNow(): boolean {
    return this.editing.size > 0;
  }

  /**
   * The editor reported `elements` and its app state at `now`. Within a gesture the editor
   * reports the same array again and again with only the edited elements changed in place
   * (Excalidraw's `mutateElement`): those reports look at the edited elements alone, not at
   * the scene (a 50,000-element board is otherwise two scans of it per pointer move). What
   * else changed in place meanwhile (an arrow bound to a dragged shape) is found by the scan
   * of the report that ends the gesture.
   */
  report(elements: readonly SceneElement[], appState: EditingState, now: number): LocalReport {
    const editing = editingElementIds(appState);
    const sameGesture =
      editing.size > 0 && elements === this.reported && sameIds(editing, this.editing);
    this.reported = elements;
    let drawing: SceneElement[] = [];
    if (sameGesture) drawing = this.drawing;
    else if (editing.size > 0)
      drawing = elements.filter(
        (element) => editing.has(element.id) && isAllowedElementType(element.type),
      );
    let inkChanged = false;
    for (const element of drawing) {
      // A new element times its points; an existing one moved or resized, its steps.
      this.clock.observe(element, now, !this.tracker.has(element.id));
      if (this.inkSender.changed(element)) inkChanged = true;
    }
    this.drawing = drawing;
    const ended = [...this.editing].filter((id) => !editing.has(id));
    this.editing = editing;
    const deltas = sameGesture ? [] : this.tracker.takeDeltas(elements, editing);
    const { commit, notSavedChanged } = this.split(deltas);
    const timing = commit.length > 0 ? this.clock.take(commit, now) : undefined;
    if (ended.length > 0) {
      this.inkSender.forget(ended);
      this.clock.forget(ended);
    }
    return { editing, ended, commit, timing, inkChanged, notSavedChanged };
  }

  /** The `ink` for the elements being edited, or null when none changed since the last. */
  nextInk(canvasId: string): InkPayload | null {
    return this.drawing.length > 0 ? this.inkSender.next(canvasId, this.drawing) : null;
  }

  /** The connection dropped: peers may have missed any ink, the next goes whole. */
  connectionLost(): void {
    this.inkSender.clear();
  }

  /** The server refused these elements for good. */
  refused(elements: readonly SceneElement[]): void {
    for (const element of elements) if (!element.isDeleted) this.notSaved.add(element.id);
  }

  /** How many elements are not saved. */
  get notSavedCount(): number {
    return this.notSaved.size;
  }

  /** The local changes among the deltas; peers' previews are marked seen instead. */
  private split(deltas: readonly SceneElement[]) {
    const commit: SceneElement[] = [];
    const peers: SceneElement[] = [];
    let notSavedChanged = false;
    for (const element of deltas) {
      if (this.isPeers(element.id)) peers.push(element);
      else if (isAllowedElementType(element.type)) commit.push(element);
      else if (element.isDeleted)
        notSavedChanged = this.notSaved.delete(element.id) || notSavedChanged;
      else if (!this.notSaved.has(element.id)) {
        this.notSaved.add(element.id);
        notSavedChanged = true;
      }
    }
    this.tracker.markSeen(peers);
    return { commit, notSavedChanged };
  }
}

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}
