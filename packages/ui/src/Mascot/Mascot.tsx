/** What the mascot is doing: 'idle' (looks at you), 'typing' (reads along), 'peek' (covers its eyes). */
export type MascotMood = 'idle' | 'typing' | 'peek';

/** URLs of the three mascot pictures (SVG files shipped with this package). */
export const MASCOT_IMAGES: Readonly<Record<MascotMood, string>> = {
  idle: new URL('./images/idle.svg', import.meta.url).href,
  typing: new URL('./images/typing.svg', import.meta.url).href,
  peek: new URL('./images/peek.svg', import.meta.url).href,
};

const LABELS: Record<MascotMood, string> = {
  idle: 'Owl mascot looking at you',
  typing: 'Owl mascot reading along',
  peek: 'Owl mascot covering its eyes',
};

/** Props of {@link Mascot}. */
export interface MascotProps {
  mood: MascotMood;
  /** Width and height in pixels (default 96). */
  size?: number;
}

/** The owl of the auth screen; the container decides its mood. */
export function Mascot({ mood, size = 96 }: MascotProps) {
  return (
    <img
      className="tb-mascot"
      src={MASCOT_IMAGES[mood]}
      alt={LABELS[mood]}
      data-mood={mood}
      width={size}
      height={size}
    />
  );
}
