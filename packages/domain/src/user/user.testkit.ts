/** Builders for user tests. */
import { commandMeta, eventMeta } from '../testing/fixtures';
import type { UserCommand } from './user.commands';
import type { UserEvent } from './user.events';

export const ALICE = 'user-alice';

type CommandOf<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;
type EventOf<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>;

/** A user command from `actorId` (default: Alice herself), event id 'evt-1' unless given. */
export function userCommand<T extends UserCommand['type']>(
  type: T,
  data: CommandOf<T>['data'],
  actorId = ALICE,
  eventId = 'evt-1',
): CommandOf<T> {
  return { type, data, metadata: commandMeta(actorId, eventId) } as CommandOf<T>;
}

/** A user event as `actorId`'s command with `eventId` would record it. */
export function userEvent<T extends UserEvent['type']>(
  type: T,
  data: EventOf<T>['data'],
  actorId = ALICE,
  eventId = 'evt-1',
): EventOf<T> {
  return { type, data, metadata: eventMeta(actorId, eventId) } as EventOf<T>;
}

/** Alice's account, as registered. */
export const aliceFields = {
  userId: ALICE,
  username: 'alice',
  name: 'Alice',
  email: 'alice@example.com',
  passwordHash: '$argon2id$hash',
  profilePhoto: 'data:image/svg+xml,<svg/>',
};

export const registered = userEvent('UserRegistered', aliceFields, ALICE, 'e-reg');
export const demoRegistered = userEvent(
  'UserRegistered',
  { ...aliceFields, demo: true },
  ALICE,
  'e-reg',
);

export function loggedIn(sessionId: string): UserEvent {
  return userEvent('UserLoggedIn', { userId: ALICE, sessionId }, ALICE, `e-in-${sessionId}`);
}
