/** The player's button icons: inline SVG, so nothing depends on the fonts having the glyphs. */
const PATHS = {
  play: 'M5 3l9 5-9 5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  stepBack: 'M3 3h2v10H3zM13 3v10L6 8z',
  stepForward: 'M11 3h2v10h-2zM3 3v10l7-5z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
