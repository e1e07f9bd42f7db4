import { BehaviorSubject, Subscription, filter } from 'rxjs';
import type { Observable } from 'rxjs';
import { CLEARING_NOT_ALLOWED, MIN_CLEARED_ELEMENTS, clearedTheCanvas } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { AckError, CanvasClearedMessage } from '@tabula/domain/protocol';
import type { Transport } from './Transport';

/** What the board says about clearing: a clear with its Undo, or a clear that was refused. */
export type ClearNotice =
  | {
      kind: 'cleared';
      /** "<name> cleared the canvas". */
      text: string;
      /** The clear's revision (`undo-clear` names it). */
      revision: number;
    }
  | { kind: 'refused'; text: string };

/** The outcome of an Undo: done, or the server's refusal to show. */
export type UndoOutcome = { ok: true } | { ok: false; message: string };

/** What `<Whiteboard clearing>` reads: the notices and the Undo (a `ClearNotices` fits). */
export interface ClearingFeed {
  readonly notice$: Observable<ClearNotice | null>;
  undo(revision: number): Promise<UndoOutcome>;
}

/**
 * Clearing a shared board, for the board (docs/clearing.md): the server's `canvas-cleared`
 * notices of this canvas become "<name> cleared the canvas" with an Undo (`undo`), and a
 * clear the server refused (the owner does not let collaborators clear) becomes a notice
 * saying why, while the board shows its elements again (`refusedClear`).
 */
export class ClearNotices implements ClearingFeed {
  private readonly notices = new BehaviorSubject<ClearNotice | null>(null);
  private readonly subscription = new Subscription();

  /** The newest notice (null: none yet); the board shows it for a while. */
  readonly notice$: Observable<ClearNotice | null> = this.notices.asObservable();

  constructor(
    private readonly transport: Transport,
    private readonly canvasId: string,
  ) {}

  /** Listens for the canvas's `canvas-cleared`. */
  start(): void {
    this.subscription.add(
      this.transport
        .events('canvas-cleared')
        .pipe(filter((message) => message.canvasId === this.canvasId))
        .subscribe((message: CanvasClearedMessage) =>
          this.notices.next({
            kind: 'cleared',
            text: clearedTheCanvas(message.actorName),
            revision: message.revision,
          }),
        ),
    );
  }

  /** Brings back what the clear at `revision` deleted, for everyone. */
  async undo(revision: number): Promise<UndoOutcome> {
    try {
      const answer = await this.transport.request('undo-clear', {
        canvasId: this.canvasId,
        revision,
      });
      return answer.ok ? { ok: true } : { ok: false, message: answer.error.message };
    } catch {
      return { ok: false, message: 'The canvas could not be reached: try Undo again.' };
    }
  }

  /**
   * True when `elements`, refused with `error`, were a clear the owner does not allow: the
   * notice says so and the caller shows the elements again (nothing of it was stored).
   */
  refusedClear(elements: readonly SceneElement[], error: AckError): boolean {
    const clear =
      error.code === 'FORBIDDEN' &&
      error.message === CLEARING_NOT_ALLOWED &&
      elements.length >= MIN_CLEARED_ELEMENTS &&
      elements.every((element) => element.isDeleted);
    if (clear) this.notices.next({ kind: 'refused', text: error.message });
    return clear;
  }

  dispose(): void {
    this.subscription.unsubscribe();
    this.notices.complete();
  }
}

/** The refused clear's elements shown again: the same copies, not deleted (no new version). */
export function undeleted(
  scene: readonly SceneElement[],
  refused: readonly SceneElement[],
): SceneElement[] {
  const ids = new Set(refused.map((element) => element.id));
  return scene.map((element) =>
    ids.has(element.id) && element.isDeleted ? { ...element, isDeleted: false } : element,
  );
}
