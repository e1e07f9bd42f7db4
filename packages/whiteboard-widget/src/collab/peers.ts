import type {
  CollaboratorJoined,
  OnlineUserBrief,
  OnlineUsers,
  OnlineUsersChanged,
  PointerMoved,
} from '@tabula/domain/protocol';

/** Someone else on the canvas, as the client knows them. */
export interface RemotePeer {
  userId: string;
  username: string;
  /** Their avatar (the server's `profilePhoto`, a data URL), when known. */
  avatarUrl?: string;
  /** Their last pointer on this canvas, in scene coordinates. */
  pointer?: { x: number; y: number; tool: 'pointer' | 'laser' };
}

interface Person {
  username: string;
  avatarUrl?: string;
}

/**
 * Who is on the canvas: its members (from `collaborator-joined`) who are online (from
 * `get-online-users`, or the initial `online-users` and its `online-users-changed` deltas),
 * plus anyone whose pointer moved on it. The local user is left out.
 */
export class PeerDirectory {
  private readonly members = new Map<string, Person>();
  private readonly online = new Map<string, Person>();
  private readonly pointers = new Map<
    string,
    { username: string; pointer: NonNullable<RemotePeer['pointer']> }
  >();

  constructor(private readonly selfUserId: string | undefined) {}

  /** `collaborator-joined`: the full member list of the canvas. */
  setMembers(message: CollaboratorJoined): void {
    this.members.clear();
    for (const member of message.collaborators) {
      this.members.set(member.userId, {
        username: member.username,
        avatarUrl: member.profilePhoto || undefined,
      });
    }
  }

  /** `collaborator-leaved`. */
  removeMember(userId: string): void {
    this.members.delete(userId);
    this.pointers.delete(userId);
  }

  /** `get-online-users`. */
  setOnline(users: OnlineUsers): void {
    this.online.clear();
    for (const user of Object.values(users)) {
      this.online.set(user.userId, {
        username: user.username,
        avatarUrl: user.profilePhoto || undefined,
      });
    }
  }

  /** `online-users`: the initial list of a socket that gets deltas (names, no photos). */
  setOnlineList(users: readonly OnlineUserBrief[]): void {
    this.online.clear();
    for (const user of users) this.online.set(user.userId, { username: user.username });
  }

  /** `online-users-changed`: returns the users who went offline. */
  onlineChanged(change: OnlineUsersChanged): string[] {
    for (const user of change.joined) {
      const known = this.online.get(user.userId);
      this.online.set(user.userId, { username: user.username, avatarUrl: known?.avatarUrl });
    }
    for (const userId of change.left) this.userDisconnected(userId);
    return change.left;
  }

  /** `disconnected-user`. */
  userDisconnected(userId: string): void {
    this.online.delete(userId);
    this.pointers.delete(userId);
  }

  /** `pointer-moved`; false when it was the local user's own pointer. */
  pointerMoved(message: PointerMoved): boolean {
    if (message.userId === this.selfUserId) return false;
    const tool = message.tool === 'laser' ? 'laser' : 'pointer';
    this.pointers.set(message.userId, {
      username: message.username,
      pointer: { x: message.x, y: message.y, tool },
    });
    return true;
  }

  /** Everyone to show, sorted by name. */
  list(): RemotePeer[] {
    const peers = new Map<string, RemotePeer>();
    for (const [userId, member] of this.members) {
      if (userId === this.selfUserId || !this.online.has(userId)) continue;
      const online = this.online.get(userId);
      peers.set(userId, {
        userId,
        username: member.username,
        avatarUrl: member.avatarUrl ?? online?.avatarUrl,
      });
    }
    for (const [userId, seen] of this.pointers) {
      const known = peers.get(userId);
      const person = this.members.get(userId) ?? this.online.get(userId);
      peers.set(userId, {
        userId,
        username: known?.username ?? person?.username ?? seen.username,
        avatarUrl: known?.avatarUrl ?? person?.avatarUrl,
        pointer: seen.pointer,
      });
    }
    return [...peers.values()].sort(
      (a, b) => a.username.localeCompare(b.username) || a.userId.localeCompare(b.userId),
    );
  }
}
