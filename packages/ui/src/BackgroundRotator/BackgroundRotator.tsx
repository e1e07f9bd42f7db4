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

/**
 * The same three pictures, calm: their colours as soft, low-contrast washes with no shape in
 * them, for behind a transparent board, where anything drawn-looking would pass for content.
 */
export const CALM_BACKGROUND_IMAGES: readonly string[] = [
  new URL('./images/calm-dawn.svg', import.meta.url).href,
  new URL('./images/calm-paper.svg', import.meta.url).href,
  new URL('./images/calm-lagoon.svg', import.meta.url).href,
];

/** Props of {@link BackgroundRotator}. */
export interface BackgroundRotatorProps {
  /** Pictures to rotate through (default the three shipped ones). */
  images?: readonly string[];
  /** Time each picture stays, in ms (default {@link BACKGROUND_ROTATION_MS}). */
  intervalMs?: number;
  /** Index to start from (default 0); ignored with a `syncKey`. */
  initialIndex?: number;
  /**
   * Pages given the same key show the same picture at the same moment, whenever each opened:
   * the picture follows the clock (the next one on each multiple of `intervalMs`), shifted by
   * the key. A canvas id keeps everyone on a live canvas under one background.
   */
  syncKey?: string;
}

function hashOf(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** The picture shown at time `now` (ms since the epoch) to every page with `syncKey`. */
export function syncedBackgroundIndex(
  now: number,
  count: number,
  intervalMs: number,
  syncKey: string,
): number {
  if (count < 1) return 0;
  return (Math.floor(now / intervalMs) + hashOf(syncKey)) % count;
}

/** The index of the picture to show: from `initialIndex` on, or following the clock. */
function useRotation(
  count: number,
  intervalMs: number,
  initialIndex: number,
  syncKey: string | undefined,
): number {
  const [index, setIndex] = useState(() =>
    syncKey === undefined
      ? initialIndex
      : syncedBackgroundIndex(Date.now(), count, intervalMs, syncKey),
  );
  useEffect(() => {
    if (count < 2) return undefined;
    if (syncKey === undefined) {
      const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
      return () => clearInterval(timer);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      const now = Date.now();
      setIndex(syncedBackgroundIndex(now, count, intervalMs, syncKey));
      timer = setTimeout(follow, intervalMs - (now % intervalMs));
    };
    follow();
    return () => clearTimeout(timer);
  }, [count, intervalMs, syncKey]);
  return index;
}

/**
 * A fixed, full-viewport backdrop that cross-fades to the next picture every `intervalMs`.
 * Decorative: hidden from assistive technology, and it never takes pointer events.
 */
export function BackgroundRotator({
  images = BACKGROUND_IMAGES,
  intervalMs = BACKGROUND_ROTATION_MS,
  initialIndex = 0,
  syncKey,
}: BackgroundRotatorProps) {
  const index = useRotation(images.length, intervalMs, initialIndex, syncKey) % images.length;
  return (
    <div className="tb-background" aria-hidden="true" data-testid="background" data-index={index}>
      {images.map((src, i) => (
        <div
          key={src}
          className={cx('tb-background__layer', i === index && 'is-active')}
          style={{ backgroundImage: `url("${src}")` }}
        />
      ))}
    </div>
  );
}
