import { useEffect, useState } from 'react';
import type { RenderLink } from '@tabula/ui';
import { useAppSelector } from '../../app/ServicesContext';
import { routerLink } from '../../app/routerLink';

/** The mark on a canvas card whose canvas opens with no network. */
export const AVAILABLE_OFFLINE = 'Available offline';

/**
 * The ids of the signed-in user's canvases kept on this device (they open with no network),
 * read once the list shows. The device's store comes with the board's code, loaded on demand.
 */
export function useKeptCanvasIds(): ReadonlySet<string> {
  const userId = useAppSelector((s) => s.session?.user.id ?? null);
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!userId) return undefined;
    let current = true;
    import('../canvases/devicePersistence')
      .then(({ keptCanvases }) => keptCanvases(userId))
      .then(
        (kept) => {
          if (current)
            setIds(new Set(kept.filter((c) => c.syncedAt !== null).map((c) => c.canvasId)));
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [userId]);
  return ids;
}

/**
 * The list's card links, each marked "Available offline" when its canvas is kept on this
 * device (the card's link is the only part of it the app renders).
 */
export function markedLinks(kept: ReadonlySet<string>): RenderLink {
  return ({ children, ...props }) =>
    routerLink({
      ...props,
      children: kept.has(canvasIdOfHref(props.href)) ? (
        <>
          {children}
          <span className="tw-offline-mark">{AVAILABLE_OFFLINE}</span>
        </>
      ) : (
        children
      ),
    });
}

/** The canvas of a card's link (`/canvas/<id>`, `/livecanvas/<id>`). */
function canvasIdOfHref(href: string): string {
  return decodeURIComponent(href.split('/').pop() ?? '');
}

/** Said above a list shown without network. */
export function OfflineListNote() {
  return (
    <p className="tw-offline-note" role="status">
      You are offline: these are the canvases as this device last saw them. Those marked “
      {AVAILABLE_OFFLINE}” open without network.
    </p>
  );
}
