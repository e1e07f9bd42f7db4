import { applyPeopleChange } from '@tabula/domain/protocol';
import type {
  CanvasPeopleChanged,
  CanvasSummary,
  Collaborator,
  CollaboratorCanvas,
  OnlineUserBrief,
  OnlineUsers,
  OnlineUsersChanged,
} from '@tabula/domain/protocol';
import type { Session } from '../features/auth/session';

/** What the app knows about the signed-in user and their world (spec §3). */
export interface AppState {
  session: Session | null;
  /** The app load check has finished (signed in or not). */
  ready: boolean;
  /** The user's own canvases, newest first. */
  canvases: CanvasSummary[];
  /** Live canvases the user collaborates on. */
  liveCanvases: CollaboratorCanvas[];
  onlineUsers: OnlineUsers;
  /** Per canvas id, everyone on the canvas (owner included). */
  collaborators: Record<string, Collaborator[]>;
  /** Ids of the user's own canvases that are live. */
  adminCanvasIds: string[];
  /** Per canvas id, the users who have it open now (`canvas-people`, then its changes). */
  present: Record<string, string[]>;
  /**
   * Why the user was sent away from a canvas they had open (the owner deleted it), shown on
   * the list they land on until dismissed or another canvas is opened.
   */
  evictionNotice: string | null;
  /**
   * The realtime connection is up. While it is down, who is online and who is here are
   * not known: presence is shown as stale (`presenceLive`).
   */
  connected: boolean;
}

/** The state of a signed-out visitor. */
export const INITIAL_STATE: AppState = {
  session: null,
  ready: false,
  canvases: [],
  liveCanvases: [],
  onlineUsers: {},
  collaborators: {},
  adminCanvasIds: [],
  present: {},
  evictionNotice: null,
  connected: false,
};

/** Newest first by timestamp (spec §3). */
export function sortNewestFirst(canvases: CanvasSummary[]): CanvasSummary[] {
  return [...canvases].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

/** An online user as the store keeps them: the photo already known, else none yet. */
function withPhoto(state: AppState, user: OnlineUserBrief): OnlineUsers[string] {
  const known = Object.hasOwn(state.onlineUsers, user.userId)
    ? state.onlineUsers[user.userId]
    : undefined;
  return { userId: user.userId, username: user.username, profilePhoto: known?.profilePhoto ?? '' };
}

/** Pure updates of the app state, one per thing that can happen. */
export const update = {
  signedIn: (state: AppState, session: Session): AppState => ({ ...state, session, ready: true }),
  signedOut: (state: AppState): AppState => ({ ...INITIAL_STATE, ready: state.ready }),
  loaded: (state: AppState): AppState => ({ ...state, ready: true }),
  canvasesLoaded: (state: AppState, canvases: CanvasSummary[]): AppState => ({
    ...state,
    canvases: sortNewestFirst(canvases),
  }),
  canvasCreated: (state: AppState, canvas: CanvasSummary): AppState => ({
    ...state,
    canvases: sortNewestFirst([canvas, ...state.canvases.filter((c) => c._id !== canvas._id)]),
  }),
  canvasRenamed: (state: AppState, canvasId: string, name: string): AppState => ({
    ...state,
    canvases: state.canvases.map((c) => (c._id === canvasId ? { ...c, name } : c)),
    liveCanvases: state.liveCanvases.map((c) =>
      c.canvasId === canvasId ? { ...c, canvasName: name } : c,
    ),
  }),
  canvasDeleted: (state: AppState, canvasId: string): AppState => {
    const collaborators = { ...state.collaborators };
    delete collaborators[canvasId];
    return {
      ...state,
      canvases: state.canvases.filter((c) => c._id !== canvasId),
      liveCanvases: state.liveCanvases.filter((c) => c.canvasId !== canvasId),
      adminCanvasIds: state.adminCanvasIds.filter((id) => id !== canvasId),
      collaborators,
    };
  },
  /** The owner deleted a canvas the user had open: it goes, and the user is told why. */
  canvasDeletedUnderUser: (state: AppState, canvasId: string, notice: string): AppState => ({
    ...update.canvasDeleted(state, canvasId),
    evictionNotice: notice,
  }),
  evictionNoticeDismissed: (state: AppState): AppState =>
    state.evictionNotice === null ? state : { ...state, evictionNotice: null },
  /**
   * The realtime connection went up or down. Down, who has which canvas open is forgotten
   * (the server sends `canvas-people` again as the board rejoins); the online list is kept
   * but shown as stale until the new connection's `online-users` replaces it.
   */
  connectionChanged: (state: AppState, connected: boolean): AppState => {
    if (state.connected === connected) return state;
    return connected ? { ...state, connected } : { ...state, connected, present: {} };
  },
  liveCanvasesLoaded: (state: AppState, liveCanvases: CollaboratorCanvas[]): AppState => ({
    ...state,
    liveCanvases,
  }),
  onlineUsersLoaded: (state: AppState, onlineUsers: OnlineUsers): AppState => ({
    ...state,
    onlineUsers,
  }),
  /** `online-users`: who is online as the socket connected (names; photos come with the popup's pages). */
  onlineListLoaded: (state: AppState, users: readonly OnlineUserBrief[]): AppState => ({
    ...state,
    onlineUsers: Object.fromEntries(users.map((user) => [user.userId, withPhoto(state, user)])),
  }),
  /** `online-users-changed`. */
  onlineChanged: (state: AppState, change: OnlineUsersChanged): AppState => {
    const replaced = new Set([...change.left, ...change.joined.map((user) => user.userId)]);
    const kept = Object.entries(state.onlineUsers).filter(([userId]) => !replaced.has(userId));
    const joined = change.joined.map((user) => [user.userId, withPhoto(state, user)] as const);
    // Object.fromEntries defines own properties: a user id of '__proto__' cannot pollute.
    return { ...state, onlineUsers: Object.fromEntries([...kept, ...joined]) };
  },
  userDisconnected: (state: AppState, userId: string): AppState => {
    const onlineUsers = { ...state.onlineUsers };
    delete onlineUsers[userId];
    return { ...state, onlineUsers };
  },
  /** `canvas-people`: the whole list, as the socket opened the canvas. */
  canvasPeople: (state: AppState, canvasId: string, userIds: string[]): AppState => ({
    ...state,
    present: { ...state.present, [canvasId]: [...new Set(userIds)] },
  }),
  /** `canvas-people-changed`: applied to the list (ignored until the list came). */
  canvasPeopleChanged: (state: AppState, change: CanvasPeopleChanged): AppState => {
    const known = Object.hasOwn(state.present, change.canvasId)
      ? state.present[change.canvasId]
      : undefined;
    if (!known) return state;
    const userIds = applyPeopleChange(known, change);
    return { ...state, present: { ...state.present, [change.canvasId]: userIds } };
  },
  collaboratorsJoined: (
    state: AppState,
    canvasId: string,
    collaborators: Collaborator[],
  ): AppState => ({
    ...state,
    collaborators: { ...state.collaborators, [canvasId]: collaborators },
  }),
  collaboratorAdded: (state: AppState, canvasId: string, collaborator: Collaborator): AppState => ({
    ...state,
    collaborators: {
      ...state.collaborators,
      [canvasId]: [
        ...(state.collaborators[canvasId] ?? []).filter((c) => c.userId !== collaborator.userId),
        collaborator,
      ],
    },
  }),
  collaboratorLeft: (state: AppState, canvasId: string, userId: string): AppState => ({
    ...state,
    collaborators: {
      ...state.collaborators,
      [canvasId]: (state.collaborators[canvasId] ?? []).filter((c) => c.userId !== userId),
    },
  }),
  adminCanvasesLoaded: (state: AppState, adminCanvasIds: string[]): AppState => ({
    ...state,
    adminCanvasIds,
  }),
  profileUpdated: (state: AppState, user: Session['user']): AppState =>
    state.session ? { ...state, session: { ...state.session, user } } : state,
};

/** True when the canvas is in the user's own list (spec §4 "not allowed" otherwise). */
export function ownsCanvas(state: AppState, canvasId: string): boolean {
  return state.canvases.some((c) => c._id === canvasId);
}

/** True when `userId` collaborates on `canvasId` (and is not its owner). */
export function isCollaborator(state: AppState, canvasId: string, userId: string): boolean {
  return (state.collaborators[canvasId] ?? []).some((c) => c.userId === userId);
}
