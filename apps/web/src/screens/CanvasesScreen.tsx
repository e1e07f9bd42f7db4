import { CanvasList } from '@tabula/ui';
import { ROUTES } from '../app/constants';
import { RequireSignIn } from '../app/RequireSignIn';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useCreateCanvas } from '../features/canvases/useCreateCanvas';
import { useThumbnails } from '../features/canvases/useThumbnails';
import {
  markedLinks,
  OfflineListNote,
  useKeptCanvasIds,
} from '../features/offline/useOfflineMarks';

function Canvases() {
  const { canvases, loading, offline } = useCanvasList();
  const kept = useKeptCanvasIds();
  const { create, creating } = useCreateCanvas();
  const thumbnails = useThumbnails(canvases.map((c) => ({ id: c._id, version: c.editedAt })));
  return (
    <>
      {offline && <OfflineListNote />}
      <CanvasList
        kind="personal"
        items={canvases.map((c) => ({
          id: c._id,
          name: c.name,
          timestamp: c.timestamp,
          editedAt: c.editedAt,
          thumbnail: thumbnails[c._id],
        }))}
        loading={loading}
        onNew={create}
        creating={creating}
        hrefFor={ROUTES.canvas}
        renderLink={markedLinks(kept)}
      />
    </>
  );
}

/** /canvases: 'All Canvases', the user's canvases newest first (spec §2). */
export function CanvasesScreen() {
  return (
    <RequireSignIn>
      <Canvases />
    </RequireSignIn>
  );
}
