import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LiveSidebar } from '@tabula/ui';
import { BACKDROP_STORAGE_KEY } from '@tabula/domain/protocol';
import { ROUTES } from '../app/constants';
import { routerLink } from '../app/routerLink';
import { useAppSelector } from '../app/ServicesContext';
import { CanvasBoard } from '../features/canvases/CanvasBoard';
import { useLeaveCanvas } from '../features/canvases/useCanvasFlows';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useEvictionWatch } from '../features/canvases/useEvictionWatch';
import { useCanvasPeople } from './canvasPeople';
import { CanvasScreenLayout, useCanvasScreen } from './CanvasScreenLayout';

/** The live canvas screen for a signed-in user. */
function LiveCanvas({ id }: { id: string }) {
  const session = useAppSelector((s) => s.session);
  const liveCanvases = useAppSelector((s) => s.liveCanvases);
  // The owner's own list tells owner (delete) from collaborator (leave).
  const { canvases } = useCanvasList();
  const own = canvases.find((c) => c._id === id);
  const joined = liveCanvases.find((c) => c.canvasId === id);
  const title = own?.name ?? joined?.canvasName ?? 'Live canvas';
  const owner = own !== undefined;
  const screen = useCanvasScreen(id, title, ROUTES.liveCanvases);
  const { people, onPeersChange } = useCanvasPeople(id, owner ? session?.user.id : joined?.id);
  useEvictionWatch(id, ROUTES.liveCanvases);
  const { leave } = useLeaveCanvas(id);

  return (
    <CanvasScreenLayout
      screen={screen}
      owner={owner}
      withUsers
      header={{
        signedIn: true,
        live: !owner,
        onDelete: () => (owner ? screen.deletion.request(id) : leave(id)),
        onShowOnlineUsers: () => screen.setUsersOpen(true),
        historyHref: ROUTES.liveCanvasHistory(id),
        people,
      }}
      sidebar={
        <LiveSidebar
          canvases={liveCanvases}
          activeId={id}
          onLeave={leave}
          hrefFor={ROUTES.liveCanvas}
          renderLink={routerLink}
          people={people}
        />
      }
    >
      <CanvasBoard
        canvasId={id}
        userId={session?.user.id ?? null}
        backdropStorageKey={BACKDROP_STORAGE_KEY}
        listHref={ROUTES.liveCanvases}
        listLabel="Back to live canvases"
        onAlert={screen.onAlert}
        handleRef={screen.board.boardRef}
        title={title}
        onSelectionChange={screen.board.onSelectionChange}
        onPeersChange={onPeersChange}
        onRefused={screen.onRefused}
      />
    </CanvasScreenLayout>
  );
}

/** /livecanvas/:id: with no signed-in user it navigates back one step (spec §2). */
export function LiveCanvasScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const ready = useAppSelector((s) => s.ready);
  const signedIn = useAppSelector((s) => s.session !== null);

  useEffect(() => {
    if (!ready || signedIn) return;
    // Back one step; a first page load has nowhere to go back to, so sign in instead.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(ROUTES.signIn, { replace: true });
  }, [ready, signedIn, navigate]);

  if (!signedIn) return null;
  return <LiveCanvas key={id} id={id} />;
}
