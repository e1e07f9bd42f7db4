import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { DeltaTracker } from '../scene/deltaTracker';
import type { BoardView } from './boardView';
import { markOpening } from './openingMarks';

/** What the editor link tells the client. */
export interface EditorLinkHooks {
  /** What goes on top of the last scene when an editor mounts (changes it has not seen). */
  unseen(): SceneElement[];
  /** The editor is ready to take peers' changes (null: no editor is, or none is attached). */
  ready(view: BoardView | null): void;
  /** The editor went away. */
  detached(): void;
}

/**
 * The client's side of the editor (`BoardView`): the one attached, whether it is ready (it
 * reported a scene, or showed one when attached), the scene it last reported, and the scene
 * to mount a new one with (once `mountable` resolves: the last scene with what it has not seen).
 */
export class EditorLink {
  /** The attached editor, if any. */
  view: BoardView | null = null;
  /** The attached editor shows a scene. */
  ready = false;
  /** The scene the editor last reported (to remount an editor with). */
  lastScene: readonly SceneElement[] = [];
  private initial: Promise<SceneElement[]> | null = null;

  constructor(
    private readonly tracker: DeltaTracker,
    private readonly mountable: () => Promise<void>,
    private readonly hooks: EditorLinkHooks,
  ) {}

  /** The scene to mount the editor with (see `CollaborationClient.initialScene`). */
  initialScene(): Promise<SceneElement[]> {
    this.initial ??= this.mountable().then(() => {
      const scene = reconcile(this.lastScene, this.hooks.unseen());
      this.tracker.markSeen(scene);
      markOpening('mounting');
      return scene.map((element) => ({ ...element }));
    });
    return this.initial;
  }

  /** Connects the editor (`null` when it goes away). */
  attach(view: BoardView | null): void {
    if (view === this.view) return;
    this.view = view;
    this.ready = false;
    this.hooks.ready(null);
    if (!view) {
      this.initial = null;
      this.hooks.detached();
      return;
    }
    if (view.isReady()) {
      // An editor that already shows a scene (a new client for a mounted board): that scene
      // is not a change of ours.
      this.tracker.markSeen(view.getSceneElements());
      this.becameReady();
    }
  }

  /** The editor reported its scene: an attached one is ready now. */
  reported(elements: readonly SceneElement[]): void {
    this.lastScene = elements;
    if (this.view && !this.ready) this.becameReady();
  }

  private becameReady(): void {
    markOpening('ready');
    this.ready = true;
    this.initial = null;
    this.hooks.ready(this.view);
  }
}
