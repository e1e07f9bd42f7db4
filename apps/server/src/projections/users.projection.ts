/**
 * Users by id, email and username, and sessions by id. Uniqueness of email and username is
 * checked against these lookups before a user is registered.
 */
import type { Event, UserEvent } from '@tabula/domain';
import type { ReadModelOp } from '../infrastructure/readModels/readModelStore';
import { deleteDoc, putDoc } from '../infrastructure/readModels/readModelStore';
import type { Projection } from './projection';
import type { SessionDoc, UserDoc } from './readModelKeys';
import { SESSIONS, USER_ID_BY_EMAIL, USER_ID_BY_USERNAME, USERS } from './readModelKeys';

export function usernameKey(username: string): string {
  return username.toLowerCase();
}

export const usersProjection: Projection = {
  name: 'users',
  handles: new Set(['UserRegistered', 'UserLoggedIn', 'UserLoggedOut', 'ProfileUpdated']),
  async project(record, readModels) {
    const event = record.event as Event as UserEvent;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, username, name, email, passwordHash, profilePhoto, demo } = event.data;
        const user: UserDoc = {
          id: userId,
          username,
          name,
          email,
          profilePhoto,
          passwordHash,
          demo: demo ?? false,
        };
        return [
          putDoc(USERS, userId, user),
          putDoc(USER_ID_BY_EMAIL, email, userId),
          putDoc(USER_ID_BY_USERNAME, usernameKey(username), userId),
        ];
      }
      case 'UserLoggedIn': {
        const session: SessionDoc = { sessionId: event.data.sessionId, userId: event.data.userId };
        return [putDoc(SESSIONS, event.data.sessionId, session)];
      }
      case 'UserLoggedOut':
        return [deleteDoc(SESSIONS, event.data.sessionId)];
      case 'ProfileUpdated': {
        const user = await readModels.get<UserDoc>(USERS, event.data.userId);
        if (!user) return [];
        const next = {
          ...user,
          name: event.data.name ?? user.name,
          username: event.data.username ?? user.username,
        };
        const ops: ReadModelOp[] = [putDoc(USERS, user.id, next)];
        if (next.username !== user.username) {
          ops.push(deleteDoc(USER_ID_BY_USERNAME, usernameKey(user.username)));
          ops.push(putDoc(USER_ID_BY_USERNAME, usernameKey(next.username), user.id));
        }
        return ops;
      }
    }
  },
};
