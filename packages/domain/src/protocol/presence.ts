/**
 * Presence that scales (PROTOCOL.md "Who is online"): a socket that says so in its handshake
 * (`auth.presence: 'deltas'`) gets one initial list (`online-users`), then only the changes
 * (`online-users-changed`), coalesced; the whole list, with photos, is asked for page by page
 * (`list-online-users`) when the All Online Users popup opens. Sockets that do not ask keep the
 * spec's `get-online-users` (the whole map, at most once a second per socket) and
 * `disconnected-user`. Who has one canvas open: `canvas-people` once, then
 * `canvas-people-changed`.
 */
/** Who is online, as the spec's `online` and `get-online-users` carry it. */
export interface OnlineUser {
  userId: string;
  username: string;
  profilePhoto: string;
}

/** `auth.presence` of a handshake that wants the initial list and deltas. */
export const PRESENCE_DELTAS = 'deltas';

/** What the delta stream says of an online user (the photo comes with `list-online-users`). */
export interface OnlineUserBrief {
  userId: string;
  username: string;
}

/** `online-users`: who is online when the socket connected, sorted by user id. */
export interface OnlineUsersList {
  users: OnlineUserBrief[];
}

/**
 * `online-users-changed`: who came online and who went offline since the last message (a user
 * who went and came back within one window is in `joined` only, or in neither).
 */
export interface OnlineUsersChanged {
  joined: OnlineUserBrief[];
  left: string[];
}

/**
 * `canvas-people-changed`: who opened the canvas (`joined`) and who no longer has it open
 * (`left`, their last socket closed it or went) since the last message, as they are when the
 * message goes; to the canvas's room, coalesced per room. Applying it to the `canvas-people`
 * list the socket got when it opened the canvas gives who has it open now (a user in both a
 * list and a later `joined` is simply still there).
 */
export interface CanvasPeopleChanged {
  canvasId: string;
  joined: string[];
  left: string[];
}

/**
 * Who has the canvas open after `change`, from who had it before (each user once, in the order
 * they came): the rule every client applies to its `canvas-people` list.
 */
export function applyPeopleChange(
  userIds: readonly string[],
  change: Pick<CanvasPeopleChanged, 'joined' | 'left'>,
): string[] {
  const gone = new Set([...change.left, ...change.joined]);
  return [...new Set([...userIds.filter((id) => !gone.has(id)), ...change.joined])];
}

/** `list-online-users`: one page of the whole list, by user id after `after`. */
export interface ListOnlineUsersPayload {
  after?: string;
  limit?: number;
}

/** `list-online-users`'s ack: `next` (pass it as `after`) when there are more. */
export interface OnlineUsersPage {
  users: OnlineUser[];
  total: number;
  next?: string;
}

/** Users per `list-online-users` page: by default, and at most. */
export const DEFAULT_ONLINE_USERS_PAGE = 50;
export const MAX_ONLINE_USERS_PAGE = 200;
