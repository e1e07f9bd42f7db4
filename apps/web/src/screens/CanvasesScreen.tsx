import { CanvasList } from '@tabula/ui';
import { ROUTES } from '../app/constants';
import { RequireSignIn } from '../app/RequireSignIn';
import { routerLink } from '../app/routerLink';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useCreateCanvas } from '../features/canvases/useCreateCanvas';

function Canvases() {
  const { canvases, loading } = useCanvasList();
  const { create, creating } = useCreateCanvas();
  return (
    <CanvasList
      kind="personal"
      items={canvases.map((c) => ({ id: c._id, name: c.name, timestamp: c.timestamp }))}
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
