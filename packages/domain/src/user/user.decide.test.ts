import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  DEMO_ACCOUNT_READ_ONLY,
  INVALID_DISPLAY_NAME,
  INVALID_EMAIL,
  INVALID_REQUEST,
  INVALID_USERNAME,
  LOGOUT_FROM_OTHER_DEVICE,
  NOT_ALLOWED,
  NOTHING_TO_UPDATE,
  USER_ALREADY_REGISTERED,
  USER_NOT_FOUND,
} from '../shared/strings';
import { deciderSpec, foldEvents } from '../testing/deciderSpec';
import { userDecider } from './user.decide';
import { evolveUser, isActiveSession, toUserFields } from './user.state';
import {
  ALICE,
  aliceFields,
  demoRegistered,
  loggedIn,
  registered,
  userCommand,
  userEvent,
} from './user.testkit';

const spec = deciderSpec(userDecider);
const register = (overrides: Partial<typeof aliceFields & { sessionId: string }> = {}) =>
  userCommand('RegisterUser', { ...aliceFields, ...overrides });
const logIn = (sessionId: string, otherDeviceOnline = false) =>
  userCommand('LogIn', { userId: ALICE, sessionId, otherDeviceOnline });
const logOut = (sessionId: string, actor = ALICE) =>
  userCommand('LogOut', { userId: ALICE, sessionId }, actor);
const update = (data: { name?: string; username?: string }, actor = ALICE) =>
  userCommand('UpdateProfile', { userId: ALICE, ...data }, actor);

describe('registration', () => {
  it('[U1] registering creates the account once, with normalised fields', () => {
    spec
      .given([])
      .when(register({ username: ' alice ', name: ' Alice ', email: ' Alice@Example.COM ' }))
      .then([userEvent('UserRegistered', aliceFields)]);
    spec.given([registered]).when(register()).thenThrows('CONFLICT', USER_ALREADY_REGISTERED);
  });

  it('[U2] sign-up with a session starts it, with derived event ids', () => {
    spec
      .given([])
      .when(register({ sessionId: 's1' }))
      .then([
        userEvent('UserRegistered', aliceFields),
        userEvent('UserLoggedIn', { userId: ALICE, sessionId: 's1' }, ALICE, 'evt-1:2'),
      ]);
  });

  it('[U10] usernames, names and emails are trimmed and bounded', () => {
    spec
      .given([])
      .when(register({ username: 'al' }))
      .thenThrows('INVALID', INVALID_USERNAME);
    spec
      .given([])
      .when(register({ username: 'a'.repeat(31) }))
      .thenThrows('INVALID', INVALID_USERNAME);
    spec
      .given([])
      .when(register({ username: 'al ice' }))
      .thenThrows('INVALID', INVALID_USERNAME);
    spec
      .given([])
      .when(register({ name: 'n'.repeat(61) }))
      .thenThrows('INVALID', INVALID_DISPLAY_NAME);
    spec
      .given([])
      .when(register({ email: 'not-an-email' }))
      .thenThrows('INVALID', INVALID_EMAIL);
    spec
      .given([])
      .when(register({ passwordHash: '' }))
      .thenThrows('INVALID', INVALID_REQUEST);
    spec
      .given([registered])
      .when(update({ username: 'x!' }))
      .thenThrows('INVALID', INVALID_USERNAME);
  });
});

describe('sessions', () => {
  it('[U3] logging in while another device is online is refused', () => {
    spec
      .given([registered, loggedIn('s1')])
      .when(logIn('s2', true))
      .thenThrows('CONFLICT', LOGOUT_FROM_OTHER_DEVICE);
    spec
      .given([registered])
      .when(logIn('s2', true))
      .thenThrows('CONFLICT', LOGOUT_FROM_OTHER_DEVICE);
  });

  it('[U4] logging in with no active session starts one', () => {
    spec
      .given([registered])
      .when(logIn('s1'))
      .then([userEvent('UserLoggedIn', { userId: ALICE, sessionId: 's1' })]);
  });

  it('[U5] logging in replaces an offline previous session; the same session is a no-op', () => {
    spec
      .given([registered, loggedIn('s1')])
      .when(logIn('s2'))
      .then([
        userEvent('UserLoggedOut', { userId: ALICE, sessionId: 's1', reason: 'replaced' }),
        userEvent('UserLoggedIn', { userId: ALICE, sessionId: 's2' }, ALICE, 'evt-1:2'),
      ]);
    spec
      .given([registered, loggedIn('s1')])
      .when(logIn('s1'))
      .then([]);
    const state = foldEvents(userDecider, [registered, loggedIn('s1')]);
    const after = userDecider.decide(state, logIn('s2')).reduce(evolveUser, state);
    expect([isActiveSession(after, 's1'), isActiveSession(after, 's2')]).toEqual([false, true]);
  });

  it('[U6] logging out ends the active session', () => {
    spec
      .given([registered, loggedIn('s1')])
      .when(logOut('s1'))
      .then([userEvent('UserLoggedOut', { userId: ALICE, sessionId: 's1', reason: 'signed-out' })]);
  });

  it('[U7] logging out of a session that is not active is unauthenticated', () => {
    spec
      .given([registered, loggedIn('s2')])
      .when(logOut('s1'))
      .thenThrows('NOT_AUTHENTICATED', AUTHENTICATE_WITH_VALID_TOKEN);
    spec
      .given([registered])
      .when(logOut('s1'))
      .thenThrows('NOT_AUTHENTICATED', AUTHENTICATE_WITH_VALID_TOKEN);
  });
});

describe('profile', () => {
  it('[U8] a profile update records only what changed', () => {
    spec
      .given([registered])
      .when(update({ name: '  Alice B. ', username: 'alice' }))
      .then([userEvent('ProfileUpdated', { userId: ALICE, name: 'Alice B.' })]);
    spec
      .given([registered])
      .when(update({ username: 'alice_b' }))
      .then([userEvent('ProfileUpdated', { userId: ALICE, username: 'alice_b' })]);
    spec
      .given([registered])
      .when(update({ name: 'Alice ' }))
      .then([]);
    spec.given([registered]).when(update({})).thenThrows('INVALID', NOTHING_TO_UPDATE);
    const state = foldEvents(userDecider, [
      registered,
      userEvent('ProfileUpdated', { userId: ALICE, username: 'ally' }),
    ]);
    expect(state.status === 'registered' && toUserFields(state)).toEqual({
      id: ALICE,
      username: 'ally',
      name: 'Alice',
      email: 'alice@example.com',
      profilePhoto: aliceFields.profilePhoto,
    });
  });

  it('[U9] demo accounts cannot change their profile', () => {
    spec
      .given([demoRegistered])
      .when(update({ name: 'Hacker' }))
      .thenThrows('FORBIDDEN', DEMO_ACCOUNT_READ_ONLY);
  });

  it('[U11] users act on their own account only', () => {
    spec
      .given([registered])
      .when(update({ name: 'X' }, 'user-mallory'))
      .thenThrows('FORBIDDEN', NOT_ALLOWED);
    spec
      .given([registered, loggedIn('s1')])
      .when(logOut('s1', 'user-mallory'))
      .thenThrows('FORBIDDEN', NOT_ALLOWED);
  });

  it('[U12] commands to a user who is not registered are refused', () => {
    spec.given([]).when(logIn('s1')).thenThrows('NOT_FOUND', USER_NOT_FOUND);
    spec.given([]).when(logOut('s1')).thenThrows('NOT_FOUND', USER_NOT_FOUND);
    spec
      .given([])
      .when(update({ name: 'A' }))
      .thenThrows('NOT_FOUND', USER_NOT_FOUND);
  });

  it('[U13] evolve is total: events that do not fit leave the state unchanged', () => {
    const none = userDecider.initialState();
    expect(evolveUser(none, loggedIn('s1'))).toBe(none);
    const active = foldEvents(userDecider, [registered, loggedIn('s2')]);
    const stale = userEvent('UserLoggedOut', {
      userId: ALICE,
      sessionId: 's1',
      reason: 'replaced',
    });
    expect(evolveUser(active, stale)).toBe(active);
    expect(evolveUser(active, registered)).toBe(active);
  });
});
