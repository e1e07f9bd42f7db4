import { BehaviorSubject, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { MAX_ELEMENTS_PER_UPDATE } from '@tabula/domain/protocol';
import type {
  AckResult,
  CanvasChange,
  OnlineUser,
  PointerPayload,
  ServerEventName,
} from '@tabula/domain/protocol';
import { TransportError } from './Transport';
import type { ServerPayload, Transport, TransportRequests, TransportStatus } from './Transport';

interface StoredChange extends CanvasChange {
  eventId: string;
}

interface CanvasLog {
  revision: number;
  changes: StoredChange[];
  eventRevisions: Map<string, number>;
  members: Map<string, OnlineUser>;
}

interface HeldAck {
  settle: () => void;
  fail: (error: TransportError) => void;
}

/**
 * A Tabula server in memory, for tests and stories: it speaks the same `join-canvas`,
 * `canvas-update`, `updated-canvas` and `pointer` contract (idempotent event ids, catch-up
 * since a revision), with no sockets. Everyone who joins a canvas is treated as its member:
 * joining sends `collaborator-joined` and `get-online-users` to the room.
 */
export class InMemoryCanvasServer {
  private readonly canvases = new Map<string, CanvasLog>();
  private readonly transports = new Set<InMemoryTransport>();

  /** A new connection for `user` (connected at once unless `connected: false`). */
  connect(user: OnlineUser, options: { connected?: boolean } = {}): InMemoryTransport {
    const transport = new InMemoryTransport(this, user, options.connected ?? true);
    this.transports.add(transport);
    return transport;
  }

  /** The canvas' scene as the server holds it. */
  scene(canvasId: string): SceneElement[] {
    return reconcile(
      [],
      this.canvas(canvasId).changes.flatMap((change) => change.elements),
    );
  }

  /** The canvas' committed changes, oldest first. */
  changes(canvasId: string): readonly StoredChange[] {
    return this.canvas(canvasId).changes;
  }

  /** The canvas' current revision. */
  revision(canvasId: string): number {
    return this.canvas(canvasId).revision;
  }

  /** @internal Handles an acknowledged call from `from`. */
  handle<E extends keyof TransportRequests>(
    from: InMemoryTransport,
    event: E,
    payload: TransportRequests[E][0],
  ): AckResult<TransportRequests[E][1]> {
    if (event === 'join-canvas')
      return this.join(from, payload as TransportRequests['join-canvas'][0]) as AckResult<
        TransportRequests[E][1]
      >;
    return this.update(from, payload as TransportRequests['canvas-update'][0]) as AckResult<
      TransportRequests[E][1]
    >;
  }

  /** @internal Relays a pointer to the others in the room. */
  relayPointer(from: InMemoryTransport, payload: PointerPayload): void {
    const message = { ...payload, userId: from.user.userId, username: from.user.username };
    for (const other of this.room(payload.canvasId))
      if (other !== from) other.deliver('pointer-moved', message);
  }

  /** @internal A transport went offline. */
  disconnected(transport: InMemoryTransport): void {
    const userId = transport.user.userId;
    const stillOnline = [...this.transports].some(
      (other) => other.connected && other.user.userId === userId,
    );
    if (stillOnline) return;
    for (const other of this.transports)
      if (other.connected) other.deliver('disconnected-user', userId);
  }

  private join(
    from: InMemoryTransport,
    payload: TransportRequests['join-canvas'][0],
  ): AckResult<TransportRequests['join-canvas'][1]> {
    const canvas = this.canvas(payload.canvasId);
    from.rooms.add(payload.canvasId);
    canvas.members.set(from.user.userId, from.user);
    const collaborators = [...canvas.members.values()];
    const online = Object.fromEntries(
      [...this.transports].filter((t) => t.connected).map((t) => [t.user.userId, t.user]),
    );
    for (const member of this.room(payload.canvasId)) {
      member.deliver('collaborator-joined', { canvasId: payload.canvasId, collaborators });
      member.deliver('get-online-users', online);
    }
    const since = payload.sinceRevision;
    if (since !== undefined && since <= canvas.revision) {
      const changes = canvas.changes
        .filter((change) => change.revision > since)
        .map(({ eventId: _eventId, ...change }) => change);
      return {
        ok: true,
        data: { kind: 'changes', canvasId: payload.canvasId, revision: canvas.revision, changes },
      };
    }
    return {
      ok: true,
      data: {
        kind: 'snapshot',
        canvasId: payload.canvasId,
        revision: canvas.revision,
        elements: this.scene(payload.canvasId),
      },
    };
  }

  private update(
    from: InMemoryTransport,
    payload: TransportRequests['canvas-update'][0],
  ): AckResult<TransportRequests['canvas-update'][1]> {
    if (!from.rooms.has(payload.canvasId))
      return { ok: false, error: { code: 'FORBIDDEN', message: 'Join the canvas first.' } };
    if (payload.elements.length === 0 || payload.elements.length > MAX_ELEMENTS_PER_UPDATE) {
      return {
        ok: false,
        error: { code: 'INVALID', message: 'An update carries 1 to 1000 elements.' },
      };
    }
    const canvas = this.canvas(payload.canvasId);
    const known = canvas.eventRevisions.get(payload.eventId);
    if (known !== undefined) return { ok: true, data: { revision: known } };
    canvas.revision += 1;
    const change: StoredChange = {
      revision: canvas.revision,
      actorId: from.user.userId,
      eventId: payload.eventId,
      elements: structuredClone(payload.elements),
    };
    canvas.changes.push(change);
    canvas.eventRevisions.set(payload.eventId, change.revision);
    const message = {
      canvasId: payload.canvasId,
      revision: change.revision,
      actorId: change.actorId,
      elements: change.elements,
    };
    for (const member of this.room(payload.canvasId))
      member.deliver('updated-canvas', structuredClone(message));
    return { ok: true, data: { revision: change.revision } };
  }

  private room(canvasId: string): InMemoryTransport[] {
    return [...this.transports].filter((t) => t.connected && t.rooms.has(canvasId));
  }

  private canvas(canvasId: string): CanvasLog {
    let canvas = this.canvases.get(canvasId);
    if (!canvas) {
      canvas = { revision: 0, changes: [], eventRevisions: new Map(), members: new Map() };
      this.canvases.set(canvasId, canvas);
    }
    return canvas;
  }
}

/** One client's connection to an `InMemoryCanvasServer`; tests can cut it and hold its acks. */
export class InMemoryTransport implements Transport {
  /** @internal Canvases this connection joined. */
  readonly rooms = new Set<string>();
  private readonly status = new BehaviorSubject<TransportStatus>('disconnected');
  private readonly subjects = new Map<string, Subject<unknown>>();
  private heldAcks: HeldAck[] = [];
  private closed = false;
  /** While true, acks wait in a queue until `releaseAcks()` (the server has already acted). */
  holdAcks = false;

  readonly status$: Observable<TransportStatus> = this.status.asObservable();

  constructor(
    private readonly server: InMemoryCanvasServer,
    readonly user: OnlineUser,
    connected: boolean,
  ) {
    if (connected) this.status.next('connected');
  }

  get connected(): boolean {
    return this.status.value === 'connected';
  }

  events<E extends ServerEventName>(event: E): Observable<ServerPayload<E>> {
    return this.subject(event).asObservable() as Observable<ServerPayload<E>>;
  }

  request<E extends keyof TransportRequests>(
    event: E,
    payload: TransportRequests[E][0],
  ): Promise<AckResult<TransportRequests[E][1]>> {
    if (!this.connected)
      return Promise.reject(new TransportError(this.closed ? 'closed' : 'disconnected'));
    const result = this.server.handle(this, event, structuredClone(payload));
    if (!this.holdAcks) return Promise.resolve(structuredClone(result));
    return new Promise((resolve, reject) => {
      this.heldAcks.push({ settle: () => resolve(structuredClone(result)), fail: reject });
    });
  }

  ink(): void {
    // The in-memory server shows no previews.
  }

  pointer(payload: PointerPayload): void {
    if (this.connected) this.server.relayPointer(this, { ...payload });
  }

  /** Delivers the held acks, oldest first (even after a reconnect: a late, duplicate ack). */
  releaseAcks(): void {
    const held = this.heldAcks;
    this.heldAcks = [];
    for (const ack of held) ack.settle();
  }

  /** Number of acks waiting. */
  get heldAckCount(): number {
    return this.heldAcks.length;
  }

  /**
   * Cuts the connection: the server forgets its rooms. Held acks fail as they would on a
   * real socket, unless `keepHeldAcks` (then `releaseAcks` can still deliver them late).
   */
  disconnect(options: { keepHeldAcks?: boolean } = {}): void {
    if (!this.connected) return;
    this.rooms.clear();
    if (!options.keepHeldAcks) {
      const held = this.heldAcks;
      this.heldAcks = [];
      for (const ack of held) ack.fail(new TransportError('disconnected'));
    }
    this.status.next('disconnected');
    this.server.disconnected(this);
  }

  /** Connects again (the client then re-joins and catches up). */
  reconnect(): void {
    if (this.closed || this.connected) return;
    this.status.next('connected');
  }

  close(): void {
    this.disconnect();
    this.closed = true;
  }

  /** @internal The server sends `event` to this connection. */
  deliver<E extends ServerEventName>(event: E, payload: ServerPayload<E>): void {
    if (this.connected) this.subject(event).next(payload);
  }

  private subject(event: string): Subject<unknown> {
    let subject = this.subjects.get(event);
    if (!subject) {
      subject = new Subject<unknown>();
      this.subjects.set(event, subject);
    }
    return subject;
  }
}
