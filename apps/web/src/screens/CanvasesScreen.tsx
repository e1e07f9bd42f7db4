import { CanvasList } from '@tabula/ui';
import { ROUTES } from '../app/constants';
import { RequireSignIn } from '../app/RequireSignIn';
import { routerLink } from '../app/routerLink';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useCreateCanvas } from '../features/canvases/useCreateCanvas';
import { useThumbnails } from '../features/canvases/useThumbnails';

function Canvases() {
  const { canvases, loading } = useCanvasList();
  const { create, creating } = useCreateCanvas();
  const thumbnails = useThumbnails(canvases.map((c) => ({ id: c._id, version: c.editedAt })));
  return (
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
      renderLink={routerLink}
    />
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
