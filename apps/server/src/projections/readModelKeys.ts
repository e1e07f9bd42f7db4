/**
 * Names of every read model the projections write and the queries read, in one place.
 */
/** The prefix of every read model key in Redis, shared by all nodes. */
export const REDIS_READ_MODELS_PREFIX = 'tabula:rm';

export const USERS = 'users';
export const USER_ID_BY_EMAIL = 'userIdByEmail';
export const USER_ID_BY_USERNAME = 'userIdByUsername';
export const SESSIONS = 'sessions';
export const CANVASES = 'canvases';

/** Each user's canvases, scored by creation time (newest first with `reverse`). */
export const userCanvasesKey = (userId: string) => `userCanvases:${userId}`;
/** Live canvases a user collaborates on (not owns). */
export const collaboratingKey = (userId: string) => `collaborating:${userId}`;
/** Canvases a user owns that are live (have collaborators or pending invitations). */
export const ownedLiveKey = (userId: string) => `ownedLive:${userId}`;

export interface UserDoc {
  id: string;
  username: string;
  name: string;
  email: string;
  profilePhoto: string;
  passwordHash: string;
  demo: boolean;
}

export interface SessionDoc {
  sessionId: string;
  userId: string;
}

export interface CanvasDoc {
  _id: string;
  name: string;
  /** Creation time, ISO-8601. */
  timestamp: string;
  ownerId: string;
  /** Revision of the canvas stream's last event the projection applied. */
  revision: number;
  /** When the drawing last changed (creation until then), ISO-8601; absent in older docs. */
  editedAt?: string;
  collaborators: string[];
  invited: string[];
  /** Whether collaborators may clear the board; absent (older docs, never set): true. */
  collaboratorsCanClear?: boolean;
}
