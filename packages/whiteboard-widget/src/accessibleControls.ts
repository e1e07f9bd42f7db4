/**
 * Two of Excalidraw's own controls fail axe: the main-menu button has no accessible name, and
 * the reset-zoom button is labelled "Reset zoom" while it shows "100%" (a name must contain
 * the visible text). We name them from outside, and keep the zoom label in step with the
 * zoom, until Excalidraw fixes them upstream.
 */
import { useEffect } from 'react';
import type { RefObject } from 'react';

export function labelExcalidrawControls(root: ParentNode): void {
  for (const trigger of root.querySelectorAll<HTMLElement>('.main-menu-trigger')) {
    if (!trigger.getAttribute('aria-label')) trigger.setAttribute('aria-label', 'Main menu');
  }
  for (const reset of root.querySelectorAll<HTMLElement>('.reset-zoom-button')) {
    const label = `${reset.textContent?.trim() ?? ''} (reset zoom)`.trim();
    if (reset.getAttribute('aria-label') !== label) reset.setAttribute('aria-label', label);
  }
}

/** Keeps the labels right while Excalidraw re-renders inside `container`. */
export function useAccessibleExcalidrawControls(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    labelExcalidrawControls(root);
    // Only structure and text are observed: our own attribute writes do not re-trigger it.
    const observer = new MutationObserver(() => labelExcalidrawControls(root));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [container]);
}
