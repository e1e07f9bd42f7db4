import { useEffect, useState } from 'react';
import { cx } from '../shared/cx';

/** The spec's rotation period of the app background: 30000 ms. */
export const BACKGROUND_ROTATION_MS = 30_000;

/** URLs of the three background pictures (SVG files shipped with this package). */
export const BACKGROUND_IMAGES: readonly string[] = [
  new URL('./images/dawn.svg', import.meta.url).href,
  new URL('./images/grid.svg', import.meta.url).href,
  new URL('./images/waves.svg', import.meta.url).href,
];

/** Props of {@link BackgroundRotator}. */
export interface BackgroundRotatorProps {
  /** Pictures to rotate through (default the three shipped ones). */
  images?: readonly string[];
  /** Time each picture stays, in ms (default {@link BACKGROUND_ROTATION_MS}). */
  intervalMs?: number;
  /** Index to start from (default 0). */
  initialIndex?: number;
}

/**
 * A fixed, full-viewport backdrop that cross-fades to the next picture every `intervalMs`.
 * Decorative: hidden from assistive technology, and it never takes pointer events.
 */
export function BackgroundRotator({
  images = BACKGROUND_IMAGES,
  intervalMs = BACKGROUND_ROTATION_MS,
  initialIndex = 0,
}: BackgroundRotatorProps) {
  const [index, setIndex] = useState(initialIndex);

  useEffect(() => {
    if (images.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), intervalMs);
    return () => clearInterval(timer);
  }, [images.length, intervalMs]);

  return (
    <div className="tb-background" aria-hidden="true" data-testid="background" data-index={index}>
      {images.map((src, i) => (
        <div
          key={src}
          className={cx('tb-background__layer', i === index % images.length && 'is-active')}
          style={{ backgroundImage: `url("${src}")` }}
        />
      ))}
    </div>
  );
}
