/** The signed-in user as the client keeps it (the token is stored separately). */
export interface SessionUser {
  id: string;
  username: string;
  name?: string;
  email: string;
  profilePhoto: string;
}

/** What a successful login, demo login or sign-up yields. */
export interface Session {
  user: SessionUser;
  token: string;
}

/** A login request: email and password, or one of the two demo accounts. */
export type LoginRequest =
  { kind: 'password'; email: string; password: string } | { kind: 'demo'; account: 1 | 2 };

/** Kinds of alert the layout's toast shows (spec §3: 'alert' or 'danger'). */
export type AlertType = 'alert' | 'danger';
