/**
 * The commands a stream stored last, by the eventId their client gave: a resend of one (a
 * client whose ack was lost, an outbox sent again after a reconnect) is answered with its
 * revision at once, before any rule or quota sees it, so it never spends the sender's drawing
 * budget and is never refused for a budget its first sending already paid. The store would
 * store it once anyway (exact-once appends); this only saves the resend the admission.
 *
 * A command's first event carries its eventId and the n-th `${eventId}:n` (`deriveEventId`):
 * the command's revision is its last event's. Bounded per stream: a resend older than the
 * last `RECENT_COMMANDS` commands is decided again and the store recognises it.
 */

/** Commands remembered per cached stream. */
export const RECENT_COMMANDS = 128;

/** A stored command: the revision of its last event, and who sent it. */
export interface StoredCommand {
  revision: number;
  actorId: string;
}

const DERIVED = /^(.+):(\d+)$/;

export class RecentCommands {
  private readonly byId = new Map<string, StoredCommand>();

  constructor(private readonly capacity = RECENT_COMMANDS) {}

  /** The commands remembered, oldest first (plain data, for another thread to hand over). */
  entries(): [eventId: string, command: StoredCommand][] {
    return [...this.byId];
  }

  /** Remembers what `entries()` gave, as it was. */
  static from(entries: readonly [string, StoredCommand][]): RecentCommands {
    const recent = new RecentCommands();
    for (const [eventId, command] of entries) recent.byId.set(eventId, { ...command });
    return recent;
  }

  /** One stored event, in stream order. */
  stored(metadata: { eventId: string; actorId: string }, revision: number): void {
    const derived = DERIVED.exec(metadata.eventId);
    const first = derived ? this.byId.get(derived[1]!) : undefined;
    if (first) {
      first.revision = revision;
      return;
    }
    this.byId.set(metadata.eventId, { revision, actorId: metadata.actorId });
    if (this.byId.size > this.capacity) this.byId.delete(this.byId.keys().next().value!);
  }

  /** The revision of the stored command `eventId` sent by `actorId`, if it is remembered. */
  revisionOf(eventId: string, actorId: string): number | undefined {
    const command = this.byId.get(eventId);
    return command?.actorId === actorId ? command.revision : undefined;
  }
}
