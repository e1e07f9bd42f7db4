/**
 * What the collaboration engine tells its host, as observables: status, peers, errors, the
 * changes pending and waiting, the elements not saved, and whether the scene is loaded. The
 * engine pushes values here; equal values are not repeated. "n changes waiting" has its own
 * rule: shown while not live, or once the oldest change waited `WAITING_SHOWN_AFTER_MS`.
 */
import { BehaviorSubject, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import { WAITING_SHOWN_AFTER_MS } from './collaborationOptions';
import type { CollaborationError } from './collaborationOptions';
import type { CollaborationStatus } from './connectionStatus';
import type { RemotePeer } from './peers';
import type { Scheduler } from './scheduler';

export class ClientSignals {
  private readonly status = new BehaviorSubject<CollaborationStatus>('connecting');
  private readonly peers = new BehaviorSubject<RemotePeer[]>([]);
  private readonly errors = new Subject<CollaborationError>();
  private readonly pending = new BehaviorSubject<number>(0);
  private readonly waiting = new BehaviorSubject<number>(0);
  private readonly notSaved = new BehaviorSubject<number>(0);
  private readonly loaded = new BehaviorSubject<boolean>(false);
  private readonly loadProgress = new BehaviorSubject<number | null>(null);
  private cancelWaitingCheck: (() => void) | null = null;
  private closed = false;

  readonly status$: Observable<CollaborationStatus> = this.status.asObservable();
  readonly peers$: Observable<RemotePeer[]> = this.peers.asObservable();
  readonly errors$: Observable<CollaborationError> = this.errors.asObservable();
  readonly pending$: Observable<number> = this.pending.asObservable();
  readonly waiting$: Observable<number> = this.waiting.asObservable();
  readonly notSaved$: Observable<number> = this.notSaved.asObservable();
  readonly loaded$: Observable<boolean> = this.loaded.asObservable();
  readonly loadProgress$: Observable<number | null> = this.loadProgress.asObservable();

  get currentStatus(): CollaborationStatus {
    return this.status.value;
  }

  get isLoaded(): boolean {
    return this.loaded.value;
  }

  setStatus(status: CollaborationStatus): void {
    if (!this.closed && status !== this.status.value) this.status.next(status);
  }

  setPeers(peers: RemotePeer[]): void {
    if (!this.closed) this.peers.next(peers);
  }

  error(error: CollaborationError): void {
    if (!this.closed) this.errors.next(error);
  }

  setPending(count: number): void {
    if (!this.closed) this.pending.next(count);
  }

  setLoadProgress(fraction: number | null): void {
    if (!this.closed && fraction !== this.loadProgress.value) this.loadProgress.next(fraction);
  }

  setNotSaved(count: number): void {
    if (!this.closed) this.notSaved.next(count);
  }

  setLoaded(loaded: boolean): void {
    if (!this.closed && loaded !== this.loaded.value) this.loaded.next(loaded);
  }

  /**
   * The outbox holds `size` changes, the oldest waiting `waitedMs`; `live`: joined now. When
   * the count is hidden only because it is young, `again` runs once it would show.
   */
  setWaiting(
    size: number,
    waitedMs: number,
    live: boolean,
    scheduler: Scheduler,
    again: () => void,
  ): void {
    if (this.closed) return;
    this.cancelWaitingCheck?.();
    this.cancelWaitingCheck = null;
    const shown = !live || waitedMs >= WAITING_SHOWN_AFTER_MS ? size : 0;
    if (shown !== this.waiting.value) this.waiting.next(shown);
    if (shown === 0 && size > 0)
      this.cancelWaitingCheck = scheduler.schedule(() => {
        this.cancelWaitingCheck = null;
        again();
      }, WAITING_SHOWN_AFTER_MS - waitedMs);
  }

  /** Ends every stream (status last says 'closed'). */
  close(): void {
    if (this.closed) return;
    this.cancelWaitingCheck?.();
    this.status.next('closed');
    this.closed = true;
    for (const subject of [
      this.status,
      this.peers,
      this.errors,
      this.pending,
      this.waiting,
      this.notSaved,
      this.loaded,
      this.loadProgress,
    ]) {
      subject.complete();
    }
  }
}
