import { applyPeopleChange } from '@tabula/domain/protocol';
import type {
  CanvasPeopleChanged,
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
  /** Their avatar (the server's `profilePhoto`: a URL, or a data URL), when known. */
  avatarUrl?: string;
  /** Their last pointer on this canvas, in scene coordinates. */
  pointer?: { x: number; y: number; tool: 'pointer' | 'laser' };
}

interface Person {
  username: string;
  avatarUrl?: string;
}

/**
 * A `profilePhoto` as an image URL the page can load: the server names avatars by a path
 * (`/auth/avatar/…`), which is the server's, not the page's, when the widget is embedded
 * elsewhere. Data URLs and absolute URLs are kept as they are.
 */
export function photoUrl(photo: string, serverUrl: string | undefined): string | undefined {
  if (!photo) return undefined;
  if (!serverUrl || !photo.startsWith('/')) return photo;
  try {
    return new URL(photo, serverUrl).href;
  } catch {
    return photo;
  }
}

/**
 * Who is on the canvas: its members (from `collaborator-joined`) who have it open (from
 * `canvas-people` and its `canvas-people-changed` deltas; from a server that says nothing of
 * it, who are online: `get-online-users`, or `online-users` and its `online-users-changed`),
 * plus anyone whose pointer moved on it. The local user is left out. While the connection is
 * down nobody's presence is known: the list is empty (no avatars, no cursors) until it is back.
 */
export class PeerDirectory {
  private readonly members = new Map<string, Person>();
  private readonly online = new Map<string, Person>();
  /** Who has the canvas open, once the server said (`canvas-people`). */
  private here: Set<string> | null = null;
  private readonly pointers = new Map<
    string,
    { username: string; pointer: NonNullable<RemotePeer['pointer']> }
  >();

  /** The transport is connected (presence is known only then). */
  private connected = true;

  constructor(
    private readonly selfUserId: string | undefined,
    /** The server the photos' paths are on (the transport's URL; absent: the page's). */
    private readonly serverUrl?: string,
  ) {}

  /** `collaborator-joined`: the full member list of the canvas. */
  setMembers(message: CollaboratorJoined): void {
    this.members.clear();
    for (const member of message.collaborators) {
      this.members.set(member.userId, {
        username: member.username,
        avatarUrl: photoUrl(member.profilePhoto, this.serverUrl),
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
        avatarUrl: photoUrl(user.profilePhoto, this.serverUrl),
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

  /**
   * `canvas-people`: who has the canvas open, the whole list. A pointer of someone not on it
   * goes (they left while this client was away).
   */
  setHere(userIds: readonly string[]): void {
    this.here = new Set(userIds);
    for (const userId of [...this.pointers.keys()])
      if (!this.here.has(userId)) this.pointers.delete(userId);
  }

  /** `canvas-people-changed`: returns the users who no longer have the canvas open. */
  hereChanged(change: CanvasPeopleChanged): string[] {
    if (!this.here) return [];
    this.here = new Set(applyPeopleChange([...this.here], change));
    for (const userId of change.left) this.pointers.delete(userId);
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

  /** The transport connected or lost its connection; true when that changed anything. */
  setConnected(connected: boolean): boolean {
    if (connected === this.connected) return false;
    this.connected = connected;
    return true;
  }

  /** Everyone to show, sorted by name (no one while the connection is down). */
  list(): RemotePeer[] {
    if (!this.connected) return [];
    const peers = new Map<string, RemotePeer>();
    for (const [userId, member] of this.members) {
      const present = this.here ? this.here.has(userId) : this.online.has(userId);
      if (userId === this.selfUserId || !present) continue;
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
