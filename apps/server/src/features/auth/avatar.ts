/**
 * Every user gets an avatar the server draws itself: their initials on a colour derived from
 * the username, as an SVG data URL (kept in the user's record). No third-party avatar service
 * sees our users. Sockets carry it by URL instead (`avatarUrl`): `/auth/avatar/<userId>?v=…`,
 * served from the record with a year's `Cache-Control` (the `v` changes with the picture), so
 * a list of a class's members costs a line per member, not a picture.
 */
import { createHash } from 'node:crypto';

const PALETTE = [
  '#f97316',
  '#22c55e',
  '#3b82f6',
  '#a855f7',
  '#ec4899',
  '#14b8a6',
  '#eab308',
  '#ef4444',
];

function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : name.slice(0, 2);
  return letters.toUpperCase().replace(/[^A-Z0-9]/g, '') || '?';
}

export function avatarFor(username: string, name?: string): string {
  const digest = createHash('sha256').update(username).digest();
  const colour = PALETTE[digest[0]! % PALETTE.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="${colour}"/>` +
    `<text x="32" y="41" font-family="Arial,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${initials(name || username)}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Where `GET` serves a user's avatar. */
export const AVATAR_PATH = '/auth/avatar';

/** A short fingerprint of a picture: its URL's `v` and its ETag. */
export function avatarVersion(photo: string): string {
  return createHash('sha256').update(photo).digest('base64url').slice(0, 8);
}

/**
 * What sockets say a user's `profilePhoto` is: the URL of their avatar when the record holds
 * the picture itself (a data URL), else the record's value as it is (empty, or a URL).
 */
export function avatarUrl(userId: string, photo: string): string {
  if (!photo.startsWith('data:')) return photo;
  return `${AVATAR_PATH}/${encodeURIComponent(userId)}?v=${avatarVersion(photo)}`;
}

/** The picture of a data URL (images only), or null. */
export function decodeAvatar(photo: string): { type: string; body: Buffer } | null {
  const match = /^data:(image\/[\w.+-]+)(;base64)?,(.*)$/s.exec(photo);
  if (!match) return null;
  const [, type, base64, data] = match;
  try {
    const body = base64 ? Buffer.from(data!, 'base64') : Buffer.from(decodeURIComponent(data!));
    return { type: type!, body };
  } catch {
    return null; // malformed %-escapes
  }
}
