/**
 * One live canvas on this node: the sessions showing it, the committed drawing changes going
 * out to them and the ink relayed between them. Knows nothing of Socket.IO.
 *
 * Commits: everything published together (the events of one COMMIT) goes out as
 * ONE `updated-canvas`, encoded once for the room; a session never gets back its own commit
 * (its ack told it the revision). A session whose transport holds more than `maxBacklogBytes`
 * gets nothing more until it drains, then one message with everything it missed, read from
 * the log: its memory here is a revision number, not a queue.
 *
 * Ink: relayed to every other session at once when its transport is idle; otherwise the
 * newest preview per (actor, element) waits in that session's outbox until it drains.
 */
import { reconcile } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import type { InkMessage } from '@tabula/domain/protocol';
import { InkOutbox } from './inkOutbox';
import type { InkOutboxLimits } from './inkOutbox';
import type { FrameEncoder, LiveSession } from '../../../realtime/liveSession';

/** Committed drawing changes, as `updated-canvas` carries them. */
export interface DrawingUpdate {
  revision: number;
  actorId: string;
  elements: SceneElement[];
  /** The session whose commit this is (the command's correlationId), when known. */
  sessionId?: string;
}

export interface CanvasRoomOptions<Frame> extends InkOutboxLimits {
  encoder: FrameEncoder<Frame>;
  /**
   * Everything committed after `revision`, merged, for a session that fell behind; null when
   * there is nothing to send (or the session was told to load the scene again).
   */
  catchUp(
    canvasId: string,
    revision: number,
    session: LiveSession<Frame>,
  ): Promise<DrawingUpdate | null>;
  maxBacklogBytes: number;
  onError(error: unknown): void;
}

interface Member<Frame> {
  session: LiveSession<Frame>;
  /** The last revision this session has (sent, acked to it, or read when it joined). */
  revision: number;
  lagging: boolean;
  ink: InkOutbox;
  inkWaiting: boolean;
}

/** The changes merged by the scene rule; the newest one's revision and actor. */
function merge(updates: readonly DrawingUpdate[]): DrawingUpdate {
  const last = updates[updates.length - 1]!;
  if (updates.length === 1) return last;
  const elements = reconcile(
    [],
    updates.flatMap((update) => update.elements),
  );
  return { revision: last.revision, actorId: last.actorId, elements };
}

export class CanvasRoom<Frame> {
  private readonly members = new Map<string, Member<Frame>>();
  private queued: (DrawingUpdate | Promise<DrawingUpdate | null>)[] = [];
  private flushing: Promise<void> | null = null;
  /** The newest revision published to this room. */
  private revision = -1;

  constructor(
    readonly canvasId: string,
    private readonly options: CanvasRoomOptions<Frame>,
  ) {}

  get size(): number {
    return this.members.size;
  }

  has(sessionId: string): boolean {
    return this.members.has(sessionId);
  }

  sessions(): LiveSession<Frame>[] {
    return [...this.members.values()].map((member) => member.session);
  }

  /** Adds a session that holds the canvas up to `revision` (or is about to be told it). */
  add(session: LiveSession<Frame>, revision = -1): void {
    const existing = this.members.get(session.id);
    if (existing) {
      existing.revision = Math.max(existing.revision, revision);
      return;
    }
    this.members.set(session.id, {
      session,
      revision,
      lagging: false,
      ink: new InkOutbox(this.options),
      inkWaiting: false,
    });
  }

  /** Records what a session was told outside the room (its join answer). */
  told(sessionId: string, revision: number): void {
    const member = this.members.get(sessionId);
    if (member) member.revision = Math.max(member.revision, revision);
  }

  remove(sessionId: string): boolean {
    return this.members.delete(sessionId);
  }

  /**
   * Queues committed changes (or a promise of them, e.g. a restore's upserts read from the
   * scene); everything queued in this turn goes out together, in the order queued.
   */
  publish(update: DrawingUpdate | Promise<DrawingUpdate | null>): void {
    this.queued.push(update);
    // The group closes once the code that published it is done (the events of one COMMIT
    // are published together), with no wait for the rest of the event loop's turn.
    if (this.queued.length === 1 && this.flushing === null) process.nextTick(() => this.flush());
  }

  /** Relays ink to every session of the room but the sender's (when it is on this node). */
  ink(message: InkMessage, senderId?: string): void {
    let frame: Frame | undefined;
    for (const member of this.members.values()) {
      if (member.session.id === senderId) continue;
      if (member.inkWaiting || member.session.backlogBytes() > 0) {
        member.ink.add(message);
        this.waitToSendInk(member);
        continue;
      }
      frame ??= this.options.encoder.encode('ink', message);
      member.session.write(frame);
    }
  }

  private waitToSendInk(member: Member<Frame>): void {
    if (member.inkWaiting) return;
    member.inkWaiting = true;
    member.session.onceDrained(() => {
      member.inkWaiting = false;
      if (this.members.get(member.session.id) !== member) return;
      for (const message of member.ink.take(this.canvasId))
        member.session.write(this.options.encoder.encode('ink', message));
    });
  }

  private flush(): void {
    if (this.queued.length === 0 || this.flushing) return;
    const batch = this.queued;
    this.queued = [];
    this.flushing = Promise.all(batch)
      .then((resolved) => {
        const updates = resolved.filter((update): update is DrawingUpdate => update !== null);
        if (updates.length > 0) this.send(updates);
      })
      .catch((error) => this.options.onError(error))
      .finally(() => {
        this.flushing = null;
        if (this.queued.length > 0) this.flush();
      });
  }

  private send(updates: DrawingUpdate[]): void {
    const { encoder } = this.options;
    const newest = updates[updates.length - 1]!.revision;
    this.revision = Math.max(this.revision, newest);
    const authors = new Set(updates.map((update) => update.sessionId));
    let forAll: Frame | undefined;
    for (const member of this.members.values()) {
      if (member.lagging) continue;
      let frame: Frame | undefined;
      if (authors.has(member.session.id)) {
        // Its own changes came back in its ack; it gets only the others' (rare: same turn).
        const others = updates.filter((update) => update.sessionId !== member.session.id);
        if (others.length > 0)
          frame = encoder.encode('updated-canvas', this.message(merge(others)));
      } else {
        frame = forAll ??= encoder.encode('updated-canvas', this.message(merge(updates)));
      }
      if (frame !== undefined && !this.deliver(member, frame)) continue;
      member.revision = Math.max(member.revision, newest);
    }
  }

  private message(update: DrawingUpdate) {
    const { revision, actorId, elements } = update;
    return { canvasId: this.canvasId, revision, actorId, elements };
  }

  /** Writes a commit frame, or marks the session as behind when its backlog is too big. */
  private deliver(member: Member<Frame>, frame: Frame): boolean {
    if (member.session.backlogBytes() <= this.options.maxBacklogBytes) {
      member.session.write(frame);
      return true;
    }
    member.lagging = true;
    member.session.onceDrained(() => void this.catchUp(member));
    return false;
  }

  /** Sends a session that fell behind everything after its revision, read from the log. */
  private async catchUp(member: Member<Frame>): Promise<void> {
    try {
      while (this.members.get(member.session.id) === member && this.revision > member.revision) {
        const update = await this.options.catchUp(this.canvasId, member.revision, member.session);
        if (!update) break;
        member.session.write(this.options.encoder.encode('updated-canvas', this.message(update)));
        member.revision = Math.max(member.revision, update.revision);
        if (member.session.backlogBytes() > this.options.maxBacklogBytes) {
          member.session.onceDrained(() => void this.catchUp(member));
          return;
        }
      }
      member.lagging = false;
    } catch (error) {
      member.lagging = false;
      this.options.onError(error);
    }
  }
}
