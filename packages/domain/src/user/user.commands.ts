/**
 * Commands to a user stream. The server fills in what only it can know: password hashes,
 * generated avatars, fresh ids, and whether another device of the user is online.
 */
import type { Command } from '../shared/messages';

export interface RegisterUserData {
  userId: string;
  username: string;
  name?: string;
  email: string;
  passwordHash: string;
  profilePhoto: string;
  demo?: boolean;
  /** Sign-up starts a session like a login does; absent for accounts seeded by the server. */
  sessionId?: string;
}
export type RegisterUser = Command<'RegisterUser', RegisterUserData>;

export interface LogInData {
  userId: string;
  /** The new session. */
  sessionId: string;
  /** Computed by the server from presence: another session of this user has a connected socket. */
  otherDeviceOnline: boolean;
}
export type LogIn = Command<'LogIn', LogInData>;

export interface LogOutData {
  userId: string;
  sessionId: string;
}
export type LogOut = Command<'LogOut', LogOutData>;

/** At least one of `name` and `username`. */
export interface UpdateProfileData {
  userId: string;
  name?: string;
  username?: string;
}
export type UpdateProfile = Command<'UpdateProfile', UpdateProfileData>;

export type UserCommand = RegisterUser | LogIn | LogOut | UpdateProfile;
