/**
 * What each user command decides. One function per command; `decideUser` dispatches.
 * Password checks, hashing and the uniqueness of emails and usernames are the server's job.
 */
import { DomainError } from '../shared/errors';
import { eventMetadataFor } from '../shared/eventMetadata';
import type { Decider } from '../shared/messages';
import {
  DEMO_ACCOUNT_READ_ONLY,
  LOGOUT_FROM_OTHER_DEVICE,
  AUTHENTICATE_WITH_VALID_TOKEN,
  NOT_ALLOWED,
  NOTHING_TO_UPDATE,
  USER_ALREADY_REGISTERED,
  USER_NOT_FOUND,
  INVALID_REQUEST,
} from '../shared/strings';
import type { LogIn, LogOut, RegisterUser, UpdateProfile, UserCommand } from './user.commands';
import type {
  ProfileUpdated,
  ProfileUpdatedData,
  UserEvent,
  UserLoggedIn,
  UserLoggedOut,
  UserRegistered,
} from './user.events';
import { normaliseDisplayName, normaliseEmail, normaliseUsername } from './user.rules';
import type { RegisteredUser, UserState } from './user.state';
import { evolveUser, initialUserState } from './user.state';

/** [U1] [U2] [U10] Creates the account; with a `sessionId`, also starts its first session. */
export function registerUser(
  state: UserState,
  command: RegisterUser,
): [UserRegistered] | [UserRegistered, UserLoggedIn] {
  if (state.status !== 'unregistered') throw new DomainError('CONFLICT', USER_ALREADY_REGISTERED);
  const { userId, passwordHash, profilePhoto, sessionId } = command.data;
  if (userId === '' || passwordHash === '') throw new DomainError('INVALID', INVALID_REQUEST);
  const registered: UserRegistered = {
    type: 'UserRegistered',
    data: {
      userId,
      username: normaliseUsername(command.data.username),
      name: normaliseDisplayName(command.data.name ?? ''),
      email: normaliseEmail(command.data.email),
      passwordHash,
      profilePhoto,
      ...(command.data.demo === true ? { demo: true } : {}),
    },
    metadata: eventMetadataFor(command.metadata, 0),
  };
  if (sessionId === undefined) return [registered];
  const loggedIn: UserLoggedIn = {
    type: 'UserLoggedIn',
    data: { userId, sessionId },
    metadata: eventMetadataFor(command.metadata, 1),
  };
  return [registered, loggedIn];
}

/**
 * [U3] [U4] [U5] Starts a session (the password was already checked). Refused while another
 * device is online; otherwise a previous, offline session is replaced.
 */
export function logIn(
  state: UserState,
  command: LogIn,
): [] | [UserLoggedIn] | [UserLoggedOut, UserLoggedIn] {
  const user = registered(state, command.data.userId);
  const { userId, sessionId, otherDeviceOnline } = command.data;
  if (otherDeviceOnline) throw new DomainError('CONFLICT', LOGOUT_FROM_OTHER_DEVICE);
  if (user.activeSessionId === sessionId) return [];
  const previous = user.activeSessionId;
  if (previous === null) {
    return [
      {
        type: 'UserLoggedIn',
        data: { userId, sessionId },
        metadata: eventMetadataFor(command.metadata, 0),
      },
    ];
  }
  return [
    {
      type: 'UserLoggedOut',
      data: { userId, sessionId: previous, reason: 'replaced' },
      metadata: eventMetadataFor(command.metadata, 0),
    },
    {
      type: 'UserLoggedIn',
      data: { userId, sessionId },
      metadata: eventMetadataFor(command.metadata, 1),
    },
  ];
}

/** [U6] [U7] Ends the caller's own active session. */
export function logOut(state: UserState, command: LogOut): [UserLoggedOut] {
  const user = registered(state, command.data.userId);
  ownSelf(user, command.metadata.actorId);
  if (user.activeSessionId !== command.data.sessionId) {
    throw new DomainError('NOT_AUTHENTICATED', AUTHENTICATE_WITH_VALID_TOKEN);
  }
  return [
    {
      type: 'UserLoggedOut',
      data: { userId: user.userId, sessionId: command.data.sessionId, reason: 'signed-out' },
      metadata: eventMetadataFor(command.metadata, 0),
    },
  ];
}

/**
 * [U8] [U9] [U10] Changes name and/or username (trimmed, bounded). Demo accounts are
 * read-only. Only changed fields are recorded; no change at all records nothing.
 */
export function updateProfile(state: UserState, command: UpdateProfile): [] | [ProfileUpdated] {
  const user = registered(state, command.data.userId);
  ownSelf(user, command.metadata.actorId);
  if (user.demo) throw new DomainError('FORBIDDEN', DEMO_ACCOUNT_READ_ONLY);
  const { name: rawName, username: rawUsername } = command.data;
  if (rawName === undefined && rawUsername === undefined) {
    throw new DomainError('INVALID', NOTHING_TO_UPDATE);
  }
  const changes: ProfileUpdatedData = { userId: user.userId };
  if (rawName !== undefined) {
    const name = normaliseDisplayName(rawName);
    if (name !== user.name) changes.name = name;
  }
  if (rawUsername !== undefined) {
    const username = normaliseUsername(rawUsername);
    if (username !== user.username) changes.username = username;
  }
  if (changes.name === undefined && changes.username === undefined) return [];
  return [{ type: 'ProfileUpdated', data: changes, metadata: eventMetadataFor(command.metadata) }];
}

/** Dispatches a user command to its function. Throws `DomainError` when refused. */
export function decideUser(state: UserState, command: UserCommand): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(state, command);
    case 'LogIn':
      return logIn(state, command);
    case 'LogOut':
      return logOut(state, command);
    case 'UpdateProfile':
      return updateProfile(state, command);
    default: {
      const unknown: never = command;
      throw new DomainError('INVALID', `Unknown command ${(unknown as UserCommand).type}`);
    }
  }
}

/** The user aggregate (stream `user-<userId>`). */
export const userDecider = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
} satisfies Decider<UserState, UserCommand, UserEvent>;

/** The event-store stream of one user. */
export function userStreamName(userId: string): string {
  return `user-${userId}`;
}

/** [U12] Commands to a user who is not registered are refused. */
function registered(state: UserState, userId: string): RegisteredUser {
  if (state.status !== 'registered') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (state.userId !== userId) throw new DomainError('INVALID', INVALID_REQUEST);
  return state;
}

/** [U11] A user acts on their own account only. */
function ownSelf(user: RegisteredUser, actorId: string): void {
  if (user.userId !== actorId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
}
