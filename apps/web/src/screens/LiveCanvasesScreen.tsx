import { useEffect } from 'react';
import { Alert, CanvasList } from '@tabula/ui';
import type { CanvasListItem } from '@tabula/ui';
import { refreshLiveCanvases } from '../app/bindRealtime';
import { ROUTES } from '../app/constants';
import { RequireSignIn } from '../app/RequireSignIn';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { update } from '../app/appState';
import type { AppState } from '../app/appState';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useThumbnails } from '../features/canvases/useThumbnails';
import {
  markedLinks,
  OfflineListNote,
  useKeptCanvasIds,
} from '../features/offline/useOfflineMarks';

/** Live canvases the user collaborates on, then the user's own canvases that are live. */
export function liveCanvasItems(state: AppState): CanvasListItem[] {
  const joined = state.liveCanvases.map((c) => ({
    id: c.canvasId,
    name: c.canvasName,
    editedAt: c.editedAt,
  }));
  const owned = state.canvases
    .filter((c) => state.adminCanvasIds.includes(c._id))
    .map((c) => ({ id: c._id, name: c.name, timestamp: c.timestamp, editedAt: c.editedAt }));
  const seen = new Set(joined.map((c) => c.id));
  return [...joined, ...owned.filter((c) => !seen.has(c.id))];
}

function LiveCanvases() {
  const services = useServices();
  const state = useAppSelector((s) => s);
  useEffect(() => refreshLiveCanvases(services), [services]);
  // The own canvases' list is fetched again too, for their "edited … ago".
  const { offline } = useCanvasList();
  const kept = useKeptCanvasIds();
  const items = liveCanvasItems(state);
  const thumbnails = useThumbnails(
    items.map((c) => ({ id: c.id, version: c.editedAt?.toString() })),
  );
  const list = (
    <>
      {offline && <OfflineListNote />}
      <CanvasList
        kind="live"
        items={items.map((c) => ({ ...c, thumbnail: thumbnails[c.id] }))}
        hrefFor={ROUTES.liveCanvas}
        renderLink={markedLinks(kept)}
      />
    </>
  );
  if (!state.evictionNotice) return list;
  // Why the user landed here (the owner deleted the canvas they had open), until dismissed.
  return (
    <>
      <div className="tb-alert-row">
        <Alert
          text={state.evictionNotice}
          type="alert"
          show
          onClose={() => services.store.set(update.evictionNoticeDismissed)}
        />
      </div>
      {list}
    </>
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
