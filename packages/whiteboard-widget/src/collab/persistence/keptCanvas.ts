/**
 * The engine's side of a canvas kept on the device: reads the kept scene and files when the
 * client starts, keeps the scene while live (at most every `SCENE_SAVE_DELAY_MS`, and when the
 * client goes), keeps image files, watches the storage quota, and hands over changes the
 * server refused after they were made offline. `CollaborationClient` only calls it.
 */
import { BehaviorSubject, ReplaySubject } from 'rxjs';
import type { Observable } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import type { AckError } from '@tabula/domain/protocol';
import type { ImageFile, ImageFiles } from '../fileTransport';
import type { Scheduler } from '../scheduler';
import type {
  CanvasPersistence,
  KeptChange,
  KeptFile,
  KeptScene,
  KeptSceneInfo,
} from './CanvasPersistence';
import { jsonInSlices } from './jsonInSlices';
import { storageState } from './offlineState';
import type { DeviceStorageState, OfflineState, RefusedOfflineChanges } from './offlineState';

/** The kept scene is written at most this often while live (less often for a big scene). */
export const SCENE_SAVE_DELAY_MS = 2000;
/** The storage quota is asked at most this often. */
const ESTIMATE_INTERVAL_MS = 10_000;

/** What was kept of the canvas when the client started (the scene's elements: `scene()`). */
export interface Restored {
  scene: KeptSceneInfo | null;
  files: KeptFile[];
}

/** The editor's scene and the revision it is at, or null while not in step with the server. */
export type SceneSource = () => { elements: readonly SceneElement[]; revision: number } | null;

export class KeptCanvas {
  private readonly offline = new BehaviorSubject<OfflineState>({
    copy: 'checking',
    lastSyncedAt: null,
    unavailable: false,
  });
  private readonly storage = new BehaviorSubject<DeviceStorageState | null>(null);
  /** Replayed: a host subscribing after the refusal still gets it. */
  private readonly refused = new ReplaySubject<RefusedOfflineChanges>(1);
  private readonly keptFiles = new Set<string>();
  private cancelSave: (() => void) | null = null;
  private pendingScene: SceneSource | null = null;
  private lastEstimate = -Infinity;
  private full = false;
  private isOffline = false;
  /** How long the last scene took to keep. */
  private lastSaveMs = 0;
  /** Saves begun (the last one's number wins). */
  private saves = 0;
  private joined = false;
  private closed = false;
  /** The revision of the scene kept now (null: none, or not known yet). */
  private keptRevision: number | null = null;
  private keptScene: Promise<KeptScene | null> | null = null;
  /** Resolves with what was kept when the client started. */
  readonly restored: Promise<Restored>;

  readonly offline$: Observable<OfflineState> = this.offline.asObservable();
  readonly storage$: Observable<DeviceStorageState | null> = this.storage.asObservable();
  readonly refused$: Observable<RefusedOfflineChanges> = this.refused.asObservable();

  constructor(
    private readonly persistence: CanvasPersistence,
    private readonly canvasId: string,
    private readonly scheduler: Scheduler,
    /** Wall-clock time (epoch ms) for "last synced". */
    private readonly wallClock: () => number = Date.now,
  ) {
    this.restored = Promise.all([
      persistence.loadSceneInfo(canvasId).catch(() => null),
      persistence.loadFiles(canvasId).catch(() => []),
    ]).then(([scene, files]) => {
      for (const file of files) this.keptFiles.add(file.id);
      this.keptRevision ??= scene?.revision ?? null;
      this.setOffline({ copy: scene ? 'kept' : 'none', lastSyncedAt: scene?.syncedAt ?? null });
      return { scene, files };
    });
    void persistence.requestPersistence().catch(() => false);
    this.checkStorage();
  }

  /** The kept scene with its elements, read once, when first asked for (null: none). */
  scene(): Promise<KeptScene | null> {
    this.keptScene ??= this.persistence.loadScene(this.canvasId).catch(() => null);
    return this.keptScene;
  }

  /**
   * Whether the client has no connection now (`offline`) and has shown the canvas (joined it
   * once): with nothing kept, offline before any join, the canvas is unavailable.
   */
  connection(offline: boolean, joined: boolean): void {
    this.isOffline = offline;
    this.joined = joined;
    this.setOffline({});
  }

  /**
   * The editor's scene, in step with the server at `revision`: kept within
   * `SCENE_SAVE_DELAY_MS` (the latest scene then).
   */
  sceneSynced(current: SceneSource): void {
    if (this.closed) return;
    this.pendingScene = current;
    // A big scene takes long to write (5,000 elements: about 0.1-0.6 s in Chromium): it is
    // kept at most once per ten times that, so writing never takes over a tenth of the time.
    this.cancelSave ??= this.scheduler.schedule(
      () => {
        this.cancelSave = null;
        this.saveScene();
      },
      Math.max(SCENE_SAVE_DELAY_MS, 10 * this.lastSaveMs),
    );
  }

  /** Keeps the scene asked for now, if it is in step (the connection is about to go). */
  flushScene(): void {
    this.cancelSave?.();
    this.cancelSave = null;
    if (this.closed || !this.pendingScene) return;
    this.saveScene(false);
  }

  /** Keeps the editor's files not kept yet (`uploaded`: the server already holds them). */
  keepFiles(files: ImageFiles | readonly ImageFile[] | undefined, uploaded = false): void {
    if (!files || this.closed) return;
    const fresh = Object.values(files).filter((file) => !this.keptFiles.has(file.id));
    if (fresh.length === 0) return;
    for (const file of fresh) this.keptFiles.add(file.id);
    void this.persistence
      .saveFiles(
        this.canvasId,
        fresh.map(({ id, mimeType, dataURL, created }) => ({
          id,
          mimeType,
          dataURL,
          created,
          uploaded,
        })),
      )
      .then(
        () => this.checkStorage(),
        () => this.keepFailed(),
      );
  }

  /** The server holds this file now (uploaded by this client). */
  fileUploaded(file: ImageFile): void {
    if (this.closed) return;
    const { id, mimeType, dataURL, created } = file;
    this.keptFiles.add(id);
    void this.persistence
      .saveFiles(this.canvasId, [{ id, mimeType, dataURL, created, uploaded: true }])
      .catch(() => undefined);
  }

  /** A change could not be kept (storage full): warn at once. */
  keepFailed(): void {
    this.full = true;
    this.lastEstimate = -Infinity;
    this.checkStorage();
  }

  /** A change was kept: look at the quota now and then. */
  checkStorage(): void {
    const now = this.scheduler.now();
    if (this.closed || now - this.lastEstimate < ESTIMATE_INTERVAL_MS) return;
    this.lastEstimate = now;
    void this.persistence.estimate().then(
      (use) => {
        if (this.closed) return;
        if (use) this.storage.next(storageState(use.usage, use.quota, this.full));
        else if (this.full) this.storage.next(storageState(0, 0, true));
      },
      () => undefined,
    );
  }

  /**
   * The server refused the canvas (deleted, access removed) while `changes` waited: reported
   * with their elements; they leave the device only once the host releases them.
   */
  joinRefused(error: AckError, changes: readonly KeptChange[]): void {
    this.pendingScene = null;
    if (error.code !== 'NOT_FOUND' && error.code !== 'FORBIDDEN') return;
    const { persistence, canvasId } = this;
    const release = () => persistence.removeCanvas(canvasId);
    if (changes.length === 0) {
      void release().catch(() => undefined);
      return;
    }
    const latest = new Map<string, SceneElement>();
    for (const change of changes)
      for (const element of change.elements) latest.set(element.id, element);
    this.refused.next({
      canvasId,
      code: error.code,
      message: error.message,
      elements: [...latest.values()],
      release,
    });
  }

  /** Keeps the last scene asked for, if any, and stops. */
  close(): void {
    if (this.closed) return;
    this.cancelSave?.();
    this.cancelSave = null;
    this.closed = true;
    if (this.pendingScene) this.saveScene(true, false);
    this.offline.complete();
    this.storage.complete();
    this.refused.complete();
  }

  /**
   * Keeps the scene asked for last. Its text is made in slices (`jsonInSlices`) unless the
   * client is going (`sliced` false: the write must start now). A save that a later one
   * overtook while it sliced is dropped.
   */
  private saveScene(retry = true, sliced = retry): void {
    const current = this.pendingScene;
    this.pendingScene = null;
    const scene = current?.();
    if (!current || !scene) {
      // Not in step now (a peer's commit waits for a frame or an edit's end, or the user is in
      // the middle of a gesture): try again.
      if (current && retry && !this.closed) this.sceneSynced(current);
      return;
    }
    const { elements, revision } = scene;
    const syncedAt = this.wallClock();
    if (revision === this.keptRevision) {
      // The device holds this revision already (a reopened canvas nobody changed): writing a
      // big scene again costs seconds of the page's time. The time shown is this session's.
      this.setOffline({ copy: 'kept', lastSyncedAt: syncedAt });
      return;
    }
    this.keptRevision = revision;
    void this.write([...elements], revision, syncedAt, sliced);
  }

  /** Writes the scene's text (made now, or in slices) unless a later save overtook it. */
  private async write(
    elements: readonly SceneElement[],
    revision: number,
    syncedAt: number,
    sliced: boolean,
  ): Promise<void> {
    const started = this.scheduler.now();
    const save = ++this.saves;
    try {
      const json = sliced ? await jsonInSlices(elements, this.scheduler) : JSON.stringify(elements);
      if (save !== this.saves) return;
      await this.persistence.saveScene(this.canvasId, { json, revision, syncedAt });
      this.lastSaveMs = this.scheduler.now() - started;
      this.setOffline({ copy: 'kept', lastSyncedAt: syncedAt });
      this.checkStorage();
    } catch {
      this.keptRevision = null;
      this.keepFailed();
    }
  }

  private setOffline(change: Partial<OfflineState>): void {
    if (this.offline.isStopped) return;
    const next = { ...this.offline.value, ...change };
    next.unavailable = next.copy === 'none' && this.isOffline && !this.joined;
    const now = this.offline.value;
    if (
      next.copy !== now.copy ||
      next.lastSyncedAt !== now.lastSyncedAt ||
      next.unavailable !== now.unavailable
    )
      this.offline.next(next);
  }
}
