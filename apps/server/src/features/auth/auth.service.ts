/**
 * Accounts and sessions: sign-up, login (password, then the one-device rule), demo login,
 * token checks, profile updates and sign-out. Every change is a command on the user's stream;
 * reads come from the users projection, awaited up to the command's position.
 */
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  DomainError,
  EMAIL_ALREADY_EXISTS,
  INVALID_CREDENTIALS,
  USER_NOT_FOUND,
  USERNAME_ALREADY_EXISTS,
  normaliseEmail,
  userStreamName,
} from '@tabula/domain';
import type { AuthenticatedUser, UserFields } from '@tabula/domain/protocol';
import type { AppContext } from '../../appContext';
import { commandMetadata } from '../../appContext';
import { KeyedMutex } from '../../infrastructure/keyedMutex';
import type { SessionDoc, UserDoc } from '../../projections/readModelKeys';
import {
  SESSIONS,
  USER_ID_BY_EMAIL,
  USER_ID_BY_USERNAME,
  USERS,
} from '../../projections/readModelKeys';
import { usernameKey } from '../../projections/users.projection';
import { avatarFor } from './avatar';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { newSessionToken, sessionIdOf } from './sessionTokens';

export interface Identity {
  userId: string;
  sessionId: string;
}

export interface SignUp {
  name?: string;
  username: string;
  email: string;
  password: string;
}

export function toUserFields(user: UserDoc): UserFields {
  const { id, username, name, email, profilePhoto } = user;
  return { id, username, name, email, profilePhoto };
}

export class AuthService {
  /** Sign-ups are serialised on email and username so two cannot claim the same one. */
  private readonly claims = new KeyedMutex();

  constructor(
    private readonly context: Pick<
      AppContext,
      'users' | 'readModels' | 'projections' | 'presence' | 'clock' | 'newId'
    >,
  ) {}

  async signUp(input: SignUp): Promise<AuthenticatedUser> {
    const email = normaliseEmail(input.email);
    return this.claims.run(`email:${email}`, () =>
      this.claims.run(`username:${usernameKey(input.username.trim())}`, async () => {
        await this.assertFree(email, input.username.trim());
        const userId = this.context.newId();
        const { token, sessionId } = newSessionToken();
        const passwordHash = await hashPassword(input.password);
        const result = await this.context.users.handle(userStreamName(userId), {
          type: 'RegisterUser',
          data: {
            userId,
            username: input.username,
            name: input.name,
            email,
            passwordHash,
            profilePhoto: avatarFor(input.username.trim(), input.name),
            sessionId,
          },
          metadata: commandMetadata(this.context, userId),
        });
        await this.context.projections.waitFor(result.position);
        return { ...toUserFields(await this.user(userId)), token };
      }),
    );
  }

  /** Checks the password first; only then says whether another device is in the way. */
  async logIn(emailInput: string, password: string): Promise<AuthenticatedUser> {
    const email = normaliseEmail(emailInput);
    const userId = await this.context.readModels.get<string>(USER_ID_BY_EMAIL, email);
    const user = userId ? await this.context.readModels.get<UserDoc>(USERS, userId) : null;
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw new DomainError('NOT_AUTHENTICATED', INVALID_CREDENTIALS);
    return this.startSession(user);
  }

  /** Logs into an account without a password: only the demo accounts go through here. */
  async startSession(user: UserDoc): Promise<AuthenticatedUser> {
    const { token, sessionId } = newSessionToken();
    const otherDeviceOnline = await this.context.presence.isUserOnline(user.id);
    const result = await this.context.users.handle(userStreamName(user.id), {
      type: 'LogIn',
      data: { userId: user.id, sessionId, otherDeviceOnline },
      metadata: commandMetadata(this.context, user.id),
    });
    await this.context.projections.waitFor(result.position);
    return { ...toUserFields(user), token };
  }

  /** The session behind a token, or NOT_AUTHENTICATED. */
  async authenticate(token: unknown): Promise<Identity> {
    if (typeof token !== 'string' || token.length < 16 || token.length > 200) {
      throw new DomainError('NOT_AUTHENTICATED', AUTHENTICATE_WITH_VALID_TOKEN);
    }
    const session = await this.context.readModels.get<SessionDoc>(SESSIONS, sessionIdOf(token));
    if (!session) throw new DomainError('NOT_AUTHENTICATED', AUTHENTICATE_WITH_VALID_TOKEN);
    return { userId: session.userId, sessionId: session.sessionId };
  }

  async user(userId: string): Promise<UserDoc> {
    const user = await this.context.readModels.get<UserDoc>(USERS, userId);
    if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    return user;
  }

  async updateProfile(
    identity: Identity,
    changes: { name?: string; username?: string },
  ): Promise<UserFields> {
    const apply = async () => {
      const result = await this.context.users.handle(userStreamName(identity.userId), {
        type: 'UpdateProfile',
        data: { userId: identity.userId, ...changes },
        metadata: commandMetadata(this.context, identity.userId),
      });
      await this.context.projections.waitFor(result.position);
      return toUserFields(await this.user(identity.userId));
    };
    if (changes.username === undefined) return apply();
    const username = changes.username.trim();
    return this.claims.run(`username:${usernameKey(username)}`, async () => {
      const owner = await this.context.readModels.get<string>(
        USER_ID_BY_USERNAME,
        usernameKey(username),
      );
      if (owner && owner !== identity.userId)
        throw new DomainError('CONFLICT', USERNAME_ALREADY_EXISTS);
      return apply();
    });
  }

  async logOut(identity: Identity): Promise<void> {
    const result = await this.context.users.handle(userStreamName(identity.userId), {
      type: 'LogOut',
      data: { userId: identity.userId, sessionId: identity.sessionId },
      metadata: commandMetadata(this.context, identity.userId),
    });
    await this.context.projections.waitFor(result.position);
  }

  private async assertFree(email: string, username: string): Promise<void> {
    const readModels = this.context.readModels;
    if (await readModels.get(USER_ID_BY_EMAIL, email))
      throw new DomainError('CONFLICT', EMAIL_ALREADY_EXISTS);
    if (await readModels.get(USER_ID_BY_USERNAME, usernameKey(username))) {
      throw new DomainError('CONFLICT', USERNAME_ALREADY_EXISTS);
    }
  }
}
