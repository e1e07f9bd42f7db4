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
  /** The kept scene, at the revision the first join catches up from. */
  scene(elements: SceneElement[], revision: number): void;
}

/** A promise that never settles: nothing kept to show. */
const never = () => new Promise<void>(() => undefined);

/**
 * The canvas as one client keeps it on the device (`options.persistence`; without one,
 * `canvas` is null and nothing is kept): the kept scene, read once (`restore`), is the scene
 * to mount the editor with and its revision the one the first join catches up from; the kept
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
  }

  /**
   * Reads the kept canvas and hands it to `to`: its files, then, once `needed` resolves (the
   * scene may have to be shown: no join answers), its scene while still wanted. Resolves only
   * when a scene is kept (never without one).
   */
  async restore(to: KeptRestore, needed: Promise<void>): Promise<void> {
    if (!this.canvas) return never();
    const { scene: info, files } = await this.canvas.restored;
    this.files = files;
    to.files(files);
    if (!info) return never();
    await needed;
    const scene = to.wanted() ? await this.canvas.scene() : null;
    if (!scene || !to.wanted()) return never();
    this.shown = true;
    to.scene(scene.elements, scene.revision);
  }

  /**
   * What the first join waits for: the kept `outbox` (null: nothing is kept). Not the kept
   * scene: online, the board waits for the server's scene anyway, so reading a big kept scene
   * (a 20,000-element one took seconds) must not hold the join back.
   */
  read(outbox: Promise<void>): Promise<unknown> | null {
    return this.canvas ? outbox : null;
  }

  /** Keeps the editor's scene as `current` gives it while in step (see `KeptCanvas.sceneSynced`). */
  keep(current: SceneSource): void {
    this.canvas?.sceneSynced(current);
  }
}
