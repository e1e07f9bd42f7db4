/** The state of one user stream, and how each event changes it. */
import type { UserFields } from '../protocol/rest';
import type { UserEvent } from './user.events';

export interface UnregisteredUser {
  status: 'unregistered';
}

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  username: string;
  name: string;
  email: string;
  passwordHash: string;
  profilePhoto: string;
  demo: boolean;
  /** The one session that may act for this user, or null when signed out everywhere. */
  activeSessionId: string | null;
}

export type UserState = UnregisteredUser | RegisteredUser;

/** The state of a stream with no events. */
export function initialUserState(): UserState {
  return { status: 'unregistered' };
}

/** [U13] Applies one event. Total and pure: an event that does not fit the state leaves it as is. */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      if (state.status !== 'unregistered') return state;
      const { demo, ...fields } = event.data;
      return { status: 'registered', ...fields, demo: demo ?? false, activeSessionId: null };
    }
    case 'UserLoggedIn':
      if (state.status !== 'registered') return state;
      return { ...state, activeSessionId: event.data.sessionId };
    case 'UserLoggedOut':
      if (state.status !== 'registered' || state.activeSessionId !== event.data.sessionId) {
        return state;
      }
      return { ...state, activeSessionId: null };
    case 'ProfileUpdated': {
      if (state.status !== 'registered') return state;
      const { name = state.name, username = state.username } = event.data;
      return { ...state, name, username };
    }
    default: {
      const unknown: never = event;
      return unknownEvent(state, unknown);
    }
  }
}

/** Events of a newer version or another stream are ignored rather than crashing a replay. */
function unknownEvent(state: UserState, _event: never): UserState {
  return state;
}

/** True when `sessionId` is the user's active session. */
export function isActiveSession(state: UserState, sessionId: string): boolean {
  return state.status === 'registered' && state.activeSessionId === sessionId;
}

/** The user fields of PROTOCOL.md (no hash, no session). */
export function toUserFields(state: RegisteredUser): UserFields {
  const { userId, username, name, email, profilePhoto } = state;
  return { id: userId, username, name, email, profilePhoto };
}
