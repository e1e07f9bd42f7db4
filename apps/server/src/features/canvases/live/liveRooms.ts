/**
 * The live canvases of this node, independent of the transport: `join` (membership checked by
 * the canvas rules; the scene or the changes since a revision), `close` (the session stops
 * showing the canvas; membership unchanged), `commit` (a gesture as a `LineDrawn`, acked with
 * its revision after COMMIT), `ink` (relayed, never stored) and `publish` of committed events
 * to the rooms. A transport adapter maps its messages to these calls.
 */
import { DomainError, NOT_ALLOWED, canvasStreamName } from '@tabula/domain';
import type { CanvasEvent, DrawLineData, Event, LineDrawn } from '@tabula/domain';
import {
  CloseCanvasDto,
  parseCanvasUpdate,
  parseInk,
  JoinCanvasDto,
  parseDto,
} from '@tabula/domain/dto';
import type {
  CanvasRef,
  InkMessage,
  JoinCanvasPayload,
  JoinCanvasResult,
  JoinCanvasResync,
  JoinedCanvas,
} from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import { commandMetadata } from '../../../appContext';
import type { RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import { shareJson } from '../../../infrastructure/sharedJson';
import type { CanvasesService } from '../canvases.service';
import { CATCH_UP_BOUND, RESYNC, changesSince, mergedChangesSince } from './canvasChanges';
import type { CatchUpBound } from './canvasChanges';
import { SCENE_STREAM_LIMITS, SceneStreams } from './sceneStream';
import type { SceneStreamLimits, SceneTexts } from './sceneStream';
import type { SceneDownloads } from './sceneDownloads';
import { CanvasRoom } from './canvasRoom';
import { LARGE_UPDATE_WEIGHT, nextTurn, updateWeight } from './largeUpdates';
import type { CanvasRoomOptions, DrawingUpdate } from './canvasRoom';
import type { FrameEncoder, LiveSession } from '../../../realtime/liveSession';

export interface LiveRoomsOptions {
  /** Transport backlog beyond which a session gets no more commits until it drains. */
  maxBacklogBytes?: number;
  /** Ink previews waiting per receiving session at most. */
  maxInkEntries?: number;
  /** Points of one folded waiting ink patch at most. */
  maxInkPoints?: number;
  /** How a large scene is split for a joining session. */
  sceneStream?: Partial<SceneStreamLimits>;
  /** Hands large scenes out over HTTP to joins that ask for it; without it they go in chunks. */
  downloads?: SceneDownloads;
  /** How much a catch-up carries before the session is told to resync. */
  catchUp?: Partial<CatchUpBound>;
}

/** What the live rooms use of the app. */
export type LiveRoomsDeps = Pick<
  AppContext,
  'eventStore' | 'canvases' | 'presence' | 'clock' | 'newId' | 'logError' | 'scenes'
>;

export class LiveRooms<Frame> {
  private readonly rooms = new Map<string, CanvasRoom<Frame>>();
  /** The canvases each session shows. */
  private readonly shown = new Map<string, Set<string>>();
  private readonly roomOptions: CanvasRoomOptions<Frame>;
  private readonly catchUpBound: CatchUpBound;
  private readonly streams: SceneStreams<Frame>;

  constructor(
    private readonly context: LiveRoomsDeps,
    private readonly canvases: CanvasesService,
    private readonly encoder: FrameEncoder<Frame>,
    options: LiveRoomsOptions = {},
  ) {
    this.roomOptions = {
      encoder,
      maxBacklogBytes: options.maxBacklogBytes ?? 1024 * 1024,
      maxEntries: options.maxInkEntries ?? 64,
      maxPoints: options.maxInkPoints ?? 20_000,
      catchUp: async (canvasId, revision, session) => {
        const update = await mergedChangesSince(
          context,
          canvasId,
          revision,
          (id) => canvases.snapshot(id),
          this.catchUpBound,
        );
        if (update !== RESYNC) return update;
        // Too much to send at once: the client joins again and gets the scene in chunks.
        session.write(encoder.encode('canvas-resync', { canvasId }));
        return null;
      },
      onError: (error) => context.logError(error, 'live room'),
    };
    this.streams = new SceneStreams(
      encoder,
      { ...SCENE_STREAM_LIMITS, ...options.sceneStream },
      () => context.newId(),
      (error) => context.logError(error, 'scene stream'),
      options.downloads,
    );
    this.catchUpBound = { ...CATCH_UP_BOUND, ...options.catchUp };
  }

  /** The room of a canvas, if a session of this node shows it. */
  room(canvasId: string): CanvasRoom<Frame> | undefined {
    return this.rooms.get(canvasId);
  }

  async join(session: LiveSession<Frame>, payload: unknown): Promise<JoinCanvasResult> {
    const { canvasId, sinceRevision, download } = parseDto(JoinCanvasDto, payload);
    await this.canvases.joinable(session.userId, canvasId);
    return this.enter(session, { canvasId, sinceRevision, download }, async () => {
      // Whoever opens the canvas learns who is in it now (not only when someone accepts).
      const collaborators = await this.canvases.members(canvasId);
      session.write(this.encoder.encode('collaborator-joined', { canvasId, collaborators }));
    });
  }

  /**
   * A view link's session shows `canvasId` read-only (its link was checked by the caller):
   * the scene or the changes since a revision, then every commit and ink of the room, and
   * nothing about the canvas's people.
   */
  async view(session: LiveSession<Frame>, join: JoinCanvasPayload) {
    const answer = await this.enter(session, join, async () => {});
    this.answered(session, answer);
    return answer;
  }

  /**
   * The join's ack is on its way (call it right before returning the ack: only microtasks may
   * lie between): a `chunked` answer's scene follows it, chunk by chunk.
   */
  answered(session: LiveSession<Frame>, answer: JoinCanvasResult): void {
    this.streams.answered(
      session,
      answer,
      () => this.rooms.get(answer.canvasId)?.has(session.id) ?? false,
    );
  }

  private async enter(
    session: LiveSession<Frame>,
    { canvasId, sinceRevision, download }: JoinCanvasPayload,
    greet: () => Promise<void>,
  ): Promise<JoinCanvasResult> {
    // Join first, then read: whatever commits in between arrives twice, never zero times,
    // and reconciliation makes the duplicate harmless.
    const room = this.roomOf(canvasId);
    room.add(session);
    let shown = this.shown.get(session.id);
    if (!shown) this.shown.set(session.id, (shown = new Set()));
    shown.add(canvasId);
    try {
      const answer = await this.read(canvasId, sinceRevision);
      await greet();
      if (answer.kind === 'resync') {
        this.leave(session.id, canvasId);
        return answer;
      }
      room.told(session.id, answer.revision);
      return this.streams.bound(session.id, answer, download);
    } catch (error) {
      this.leave(session.id, canvasId);
      throw error;
    }
  }

  /**
   * The scene (as its elements' texts: sent whole or in chunks by `SceneStreams.bound`), or
   * only the changes after `sinceRevision` when the log can tell them, or `resync` when they
   * are more than a catch-up carries.
   */
  private async read(
    canvasId: string,
    sinceRevision?: number,
  ): Promise<JoinedCanvas | SceneTexts | JoinCanvasResync> {
    if (sinceRevision !== undefined) {
      const since = await changesSince(this.context, canvasId, sinceRevision, this.catchUpBound);
      if (since === RESYNC) return { kind: 'resync', canvasId };
      if (since) return { kind: 'changes', canvasId, ...since };
    }
    return { kind: 'texts', canvasId, ...(await this.canvases.sceneTexts(canvasId)) };
  }

  /** The session stops showing the canvas: no more commits or ink from it; membership stays. */
  close(session: LiveSession<Frame>, payload: unknown): CanvasRef {
    const { canvasId } = parseDto(CloseCanvasDto, payload);
    this.leave(session.id, canvasId);
    return { canvasId };
  }

  /** The session is gone: it leaves every room. */
  disconnect(session: LiveSession<Frame>): void {
    for (const canvasId of this.shown.get(session.id) ?? []) this.leave(session.id, canvasId);
    this.shown.delete(session.id);
  }

  /** Appends the gesture as `LineDrawn`; resolves with its revision once committed. */
  async commit(session: LiveSession<Frame>, payload: unknown): Promise<{ revision: number }> {
    // A large update is checked, serialised and appended in turns (`largeUpdates.ts`).
    const large = updateWeight(payload) > LARGE_UPDATE_WEIGHT;
    if (large) await nextTurn();
    const { canvasId, eventId, elements, timing } = parseCanvasUpdate(payload);
    if (large) await nextTurn();
    // Serialised once here; the log, the scene read model and the room's frame reuse it.
    shareJson(elements);
    if (large) await nextTurn();
    const data: DrawLineData = { canvasId, elements };
    if (timing !== undefined) data.timing = timing;
    // A clear is judged here, on the scene, by the domain's rule; the aggregate marks it and
    // refuses it from a collaborator the owner does not let clear the board.
    if (await this.context.scenes.clears(canvasId, elements)) data.clears = true;
    const result = await this.context.canvases.handle(canvasStreamName(canvasId), {
      type: 'DrawLine',
      data,
      metadata: {
        ...commandMetadata(this.context, session.userId, eventId),
        correlationId: session.id,
      },
    });
    return { revision: result.revision };
  }

  /**
   * Relays ink to the others showing the canvas; only from a member that joined it. Returns
   * the message, for the sessions of the canvas on other nodes (`relay`).
   */
  ink(session: LiveSession<Frame>, payload: unknown): InkMessage {
    const { canvasId, elements, patches } = parseInk(payload);
    const room = this.rooms.get(canvasId);
    if (!room?.has(session.id)) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
    const message: InkMessage = { canvasId, actorId: session.userId };
    if (elements !== undefined) message.elements = elements;
    if (patches !== undefined) message.patches = patches;
    room.ink(message, session.id);
    return message;
  }

  /** Ink another node accepted: to this node's sessions of the canvas. */
  relay(message: InkMessage): void {
    this.rooms.get(message.canvasId)?.ink(message);
  }

  /**
   * Applies a committed event to the rooms. Call it in log order, synchronously as events are
   * processed: a removed collaborator's sessions leave before anyone hears of the removal.
   */
  publish(record: RecordedEvent<Event>): void {
    const event = record.event as Event as CanvasEvent;
    switch (event.type) {
      case 'LineDrawn': {
        const update: DrawingUpdate = {
          revision: record.revision,
          actorId: event.metadata.actorId,
          elements: event.data.elements,
        };
        if (event.metadata.correlationId !== undefined)
          update.sessionId = event.metadata.correlationId;
        this.rooms.get(event.data.canvasId)?.publish(update);
        if (event.data.cleared === true) this.tellCleared(record.revision, event);
        return;
      }
      case 'CanvasRestored': {
        const room = this.rooms.get(event.data.canvasId);
        // The event holds the restored set; clients need the upserts that make it so, which
        // the scene read model now holds (every element at a version that wins).
        room?.publish(
          this.canvases.snapshot(event.data.canvasId).then(({ elements }) => ({
            revision: record.revision,
            actorId: event.metadata.actorId,
            elements,
          })),
        );
        return;
      }
      case 'CollaboratorRemoved':
      case 'CollaboratorLeft':
        for (const session of this.room(event.data.canvasId)?.sessions() ?? [])
          if (session.userId === event.data.userId) this.leave(session.id, event.data.canvasId);
        return;
      case 'CanvasDeleted':
        for (const session of this.room(event.data.canvasId)?.sessions() ?? [])
          this.leave(session.id, event.data.canvasId);
        return;
      default:
        return;
    }
  }

  /**
   * `canvas-cleared` to everyone showing the canvas (the clearer too), after the change
   * itself; never to a view link's session (viewers hear no names).
   */
  private tellCleared(revision: number, event: LineDrawn): void {
    const { canvasId } = event.data;
    if (!this.rooms.has(canvasId)) return;
    const { actorId } = event.metadata;
    const count = event.data.elements.length;
    this.canvases
      .username(actorId)
      .then((actorName) => {
        const sessions = this.rooms.get(canvasId)?.sessions() ?? [];
        const frame = this.encoder.encode('canvas-cleared', {
          canvasId,
          revision,
          actorId,
          actorName,
          count,
        });
        for (const session of sessions) if (session.userId !== '') session.write(frame);
      })
      .catch((error) => this.context.logError(error, 'canvas-cleared'));
  }

  private roomOf(canvasId: string): CanvasRoom<Frame> {
    let room = this.rooms.get(canvasId);
    if (!room) {
      room = new CanvasRoom(canvasId, this.roomOptions);
      this.rooms.set(canvasId, room);
    }
    return room;
  }

  private leave(sessionId: string, canvasId: string): void {
    const room = this.rooms.get(canvasId);
    room?.remove(sessionId);
    // An empty room goes at once; a commit still on its way out reaches no one, as intended.
    if (room?.size === 0) this.rooms.delete(canvasId);
    this.streams.forget(sessionId, canvasId);
    const shown = this.shown.get(sessionId);
    shown?.delete(canvasId);
    if (shown?.size === 0) this.shown.delete(sessionId);
  }
}
