import { useState } from 'react';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The person's display name or username; used for the alt text and the initials. */
  name: string;
  /** Photo URL. Without one (or when it fails to load) the initials are shown. */
  src?: string | null;
  /** Diameter in pixels (default 32). */
  size?: number;
  /**
   * A green dot on the picture, meaning this (e.g. 'here now'); it is added to the accessible
   * name ("Ada Lovelace, here now"). No dot without it.
   */
  status?: string;
}

// Hues at 65% saturation and 30% lightness: white initials stay above 4.5:1 contrast on each.
const HUES = [12, 35, 150, 190, 220, 265, 300, 340];

/**
 * A person's initials, the one rule for every picture of them drawn in the browser (top bar,
 * canvas header, side panels, popups), and the same rule the server draws everyone's avatar
 * by: the first letters of the
 * first two words of the name (split at spaces, dots, dashes and underscores), or the first
 * two letters of a one-word name; letters and digits only, upper-cased.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const [first, second] = words;
  const letters = first && second ? `${first[0]}${second[0]}` : (first ?? '').slice(0, 2);
  return letters.toUpperCase().replace(/[^A-Z0-9]/g, '') || '?';
}

function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return HUES[hash % HUES.length] ?? 220;
}

/** A round profile picture, or coloured initials when there is no usable photo. */
export function Avatar({ name, src, size = 32, status }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const label = status ? `${name}, ${status}` : name;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const picture =
    src && !failed ? (
      <img
        className="tb-avatar"
        src={src}
        alt={label}
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(true)}
      />
    ) : (
      <span
        className="tb-avatar tb-avatar--initials"
        role="img"
        aria-label={label}
        style={{ ...style, backgroundColor: `hsl(${hueOf(name)} 65% 30%)` }}
      >
        <span aria-hidden="true">{initialsOf(name)}</span>
      </span>
    );
  if (!status) return picture;
  return (
    <span className="tb-avatar-frame">
      {picture}
      <span className="tb-avatar__dot" data-testid="avatar-status-dot" aria-hidden="true" />
    </span>
  );
}
