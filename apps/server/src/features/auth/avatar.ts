/**
 * Every user gets an avatar the server draws itself: their initials on a colour derived from
 * the username, as an SVG data URL. No third-party avatar service sees our users.
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
