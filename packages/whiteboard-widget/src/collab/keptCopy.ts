import type { Observable } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import { clientPersistence, offlineSignals } from './persistence/clientPersistence';
import type { KeptFile } from './persistence/CanvasPersistence';
import type { KeptCanvas, SceneSource } from './persistence/keptCanvas';
import type { KeptOutbox } from './persistence/keptOutbox';
import type {
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from './persistence/offlineState';
import type { Scheduler } from './scheduler';

/** What the client does with what was kept, once it is read. */
export interface KeptRestore {
  /** The kept image files (those uploaded before need no upload again). */
  files(files: readonly KeptFile[]): void;
  /** False when a kept scene is no use any more (the client closed, or joined first). */
  wanted(): boolean;
  /** True while no join can answer now (offline, reconnecting, signed out). */
  showable(): boolean;
  /** Shows the kept scene, at the revision the first join catches up from. */
  show(elements: SceneElement[], revision: number): void;
}

/**
 * The canvas as one client keeps it on the device (`options.persistence`; without one,
 * `canvas` is null and nothing is kept): the kept scene, read once and only while no join can
 * answer (`restore`), is the scene to mount the editor with and its revision the one the first
 * join catches up from; the kept
 * image files go to the editor once it is ready; while live and in step with the server the
 * editor's scene is kept again (`keep`); the kept outbox, shared by the device's clients of
 * the canvas, is the sender's.
 */
export class KeptCopy {
  /** The kept canvas (null: nothing is kept). */
  readonly canvas: KeptCanvas | null;
  /** The outbox the device's clients of the canvas share (undefined: nothing is kept). */
  readonly outbox: KeptOutbox | undefined;
  /** The device's copy of the canvas: kept (and last synced when), or not available offline. */
  readonly offline$: Observable<OfflineState>;
  /** How full the device's storage is (null until known, or without persistence). */
  readonly storage$: Observable<DeviceStorageState | null>;
  /** Changes made offline that the server refused on reconnect, to offer for export. */
  readonly refusedOffline$: Observable<RefusedOfflineChanges>;
  /** The kept image files (for the editor, once it is ready). */
  files: KeptFile[] = [];
  /** True once a kept scene is the one shown (until the join's). */
  shown = false;
  /** Resolves once the kept scene is shown (never, when none is kept or a join came first). */
  readonly shownScene: Promise<void>;
  private markShown: () => void = () => undefined;
  /** Resolves once a kept scene may have to be shown (`connectionChanged`). */
  private readonly needed: Promise<void>;
  private markNeeded: () => void = () => undefined;
  private to: KeptRestore | null = null;
  /** The kept scene, read and not shown yet. */
  private unshown: { elements: SceneElement[]; revision: number } | null = null;

  /** `outboxChanged`: another client changed the shared outbox. */
  constructor(
    options: Parameters<typeof clientPersistence>[0],
    scheduler: Scheduler,
    outboxChanged: () => void,
  ) {
    const kept = clientPersistence(options, scheduler, outboxChanged);
    this.canvas = kept?.canvas ?? null;
    this.outbox = kept?.outbox;
    ({
      offline$: this.offline$,
      storage$: this.storage$,
      refusedOffline$: this.refusedOffline$,
    } = offlineSignals(kept));
    this.shownScene = new Promise((resolve) => (this.markShown = resolve));
    this.needed = new Promise((resolve) => (this.markNeeded = resolve));
  }

  /**
   * Reads the kept canvas and hands it to `to`: its files at once; its scene only once no join
   * can answer (`connectionChanged`), read then while still wanted, and shown while still
   * showable. Online, the board waits for the server's scene, so it never shows an old copy as
   * loaded, and a big kept scene (20,000 elements took seconds) is not even read.
   */
  async restore(to: KeptRestore): Promise<void> {
    if (!this.canvas) return;
    this.to = to;
    const { scene: info, files } = await this.canvas.restored;
    this.files = files;
    to.files(files);
    if (!info) return;
    await this.needed;
    const scene = to.wanted() ? await this.canvas.scene() : null;
    if (!scene) return;
    this.unshown = { elements: scene.elements, revision: scene.revision };
    this.showIfShowable();
  }

  /** The connection's status changed: with no join to answer, the kept scene is read and shown. */
  connectionChanged(): void {
    if (!this.to?.wanted() || !this.to.showable()) return;
    this.markNeeded();
    this.showIfShowable();
  }

  /**
   * What the first join waits for: the kept `outbox` (null: nothing is kept). Not the kept
   * scene: online, the board waits for the server's scene anyway, so reading a big kept scene
   * (a 20,000-element one took seconds) must not hold the join back.
   */
  read(outbox: Promise<void>): Promise<unknown> | null {
    return this.canvas ? outbox : null;
  }

  private showIfShowable(): void {
    const kept = this.unshown;
    if (!kept || !this.to?.wanted() || !this.to.showable()) return;
    this.unshown = null;
    this.shown = true;
    this.to.show(kept.elements, kept.revision);
    this.markShown();
  }

  /** Keeps the editor's scene as `current` gives it while in step (see `KeptCanvas.sceneSynced`). */
  keep(current: SceneSource): void {
    this.canvas?.sceneSynced(current);
  }
}
