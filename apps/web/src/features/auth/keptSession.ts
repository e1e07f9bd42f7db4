/**
 * The signed-in user kept on the device beside the token, so a reload without network can
 * start from the session it had (docs/offline.md). It is a copy for showing the app offline,
 * never proof of a session: the server decides as soon as it answers, and a signed-out app
 * forgets it.
 */
import type { SessionUser } from './session';

/** Local storage key of the kept user (JSON of `UserFields`). */
export const KEPT_USER_KEY = 'session-user';

/** The part of `localStorage` the kept session uses. */
export interface KeptSessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const USER_FIELDS = ['id', 'username', 'name', 'email', 'profilePhoto'] as const;

/** The kept user, or null when none is kept or what is kept is not a user. */
export function keptUser(storage: KeptSessionStorage): SessionUser | null {
  const text = storage.getItem(KEPT_USER_KEY);
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (!USER_FIELDS.every((field) => typeof record[field] === 'string')) return null;
  const [id, username, name, email, profilePhoto] = USER_FIELDS.map((f) => record[f] as string);
  return { id: id!, username: username!, name: name!, email: email!, profilePhoto: profilePhoto! };
}

/**
 * Keeps the user of the app's session as it changes (signed in, profile edited) and forgets
 * it once the app knows nobody is signed in (`ready` without a session: signed out, refused,
 * or never signed in).
 */
export function keepSessionUser(
  storage: KeptSessionStorage,
  state: { session: { user: SessionUser } | null; ready: boolean },
): void {
  if (state.session) {
    const text = JSON.stringify(state.session.user);
    if (storage.getItem(KEPT_USER_KEY) !== text) storage.setItem(KEPT_USER_KEY, text);
  } else if (state.ready && storage.getItem(KEPT_USER_KEY) !== null) {
    storage.removeItem(KEPT_USER_KEY);
  }
}
