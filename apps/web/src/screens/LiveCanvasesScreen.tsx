import { useEffect } from 'react';
import { CanvasList } from '@tabula/ui';
import type { CanvasListItem } from '@tabula/ui';
import { refreshLiveCanvases } from '../app/bindRealtime';
import { ROUTES } from '../app/constants';
import { RequireSignIn } from '../app/RequireSignIn';
import { routerLink } from '../app/routerLink';
import { useAppSelector, useServices } from '../app/ServicesContext';
import type { AppState } from '../app/appState';

/** Live canvases the user collaborates on, then the user's own canvases that are live. */
export function liveCanvasItems(state: AppState): CanvasListItem[] {
  const joined = state.liveCanvases.map((c) => ({ id: c.canvasId, name: c.canvasName }));
  const owned = state.canvases
    .filter((c) => state.adminCanvasIds.includes(c._id))
    .map((c) => ({ id: c._id, name: c.name, timestamp: c.timestamp }));
  const seen = new Set(joined.map((c) => c.id));
  return [...joined, ...owned.filter((c) => !seen.has(c.id))];
}

function LiveCanvases() {
  const services = useServices();
  const state = useAppSelector((s) => s);
  useEffect(() => refreshLiveCanvases(services), [services]);
  return (
    <CanvasList
      kind="live"
      items={liveCanvasItems(state)}
      hrefFor={ROUTES.liveCanvas}
      renderLink={routerLink}
    />
  );
}

/** /livecanvases: 'All Live Canvases' (spec §2). */
export function LiveCanvasesScreen() {
  return (
    <RequireSignIn>
      <LiveCanvases />
    </RequireSignIn>
  );
}
