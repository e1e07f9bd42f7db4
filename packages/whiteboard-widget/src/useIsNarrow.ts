import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Excalidraw switches to its phone layout at this width (its MQ_MAX_WIDTH_PORTRAIT). */
export const NARROW_BOARD_PX = 730;

/** Whether the element is at most `maxWidth` px wide, kept up to date as it resizes. */
export function useIsNarrow(element: RefObject<HTMLElement | null>, maxWidth: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const update = () => setNarrow(target.getBoundingClientRect().width <= maxWidth);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, maxWidth]);
  return narrow;
}
