import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CanvasHeader, DeletePopup, LiveSidebar } from '@tabula/ui';
import { BACKDROP_STORAGE_KEY } from '@tabula/domain/protocol';
import { ROUTES } from '../app/constants';
import { isDesktop, useViewport } from '../app/drawingArea';
import { routerLink } from '../app/routerLink';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { CanvasBoard } from '../features/canvases/CanvasBoard';
import { CanvasLayout, CanvasSidebarSlot } from './CanvasLayout';
import { ShareAction } from '../features/canvases/ShareAction';
import {
  nameHeaderProps,
  useDeleteCanvas,
  useLeaveCanvas,
  useNameEdit,
} from '../features/canvases/useCanvasFlows';
import { exportHeaderProps, useBoardExport } from '../features/canvases/useBoardExport';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useEvictionWatch } from '../features/canvases/useEvictionWatch';
import { OnlineUsersDialog, useOnlineCount } from '../features/invites/OnlineUsersDialog';
import { useCanvasPeople } from './canvasPeople';

/** The live canvas screen for a signed-in user. */
function LiveCanvas({ id }: { id: string }) {
  const services = useServices();
  const navigate = useNavigate();
  const viewport = useViewport();
  const session = useAppSelector((s) => s.session);
  const liveCanvases = useAppSelector((s) => s.liveCanvases);
  // The owner's own list tells owner (delete) from collaborator (leave).
  const { canvases } = useCanvasList();
  const own = canvases.find((c) => c._id === id);
  const joined = liveCanvases.find((c) => c.canvasId === id);
  const title = own?.name ?? joined?.canvasName ?? 'Live canvas';
  const owner = own !== undefined;
  const { people, onPeersChange } = useCanvasPeople(id, owner ? session?.user.id : joined?.id);

  const [sidebarOpen, setSidebarOpen] = useState(() => isDesktop(window.innerWidth));
  const [usersOpen, setUsersOpen] = useState(false);
  const onlineCount = useOnlineCount();
  useEvictionWatch(id, ROUTES.liveCanvases);

  const name = useNameEdit(id, title);
  const afterDelete = useCallback(
    (deletedId: string) => {
      if (deletedId === id) navigate(ROUTES.liveCanvases);
    },
    [id, navigate],
  );
  const deletion = useDeleteCanvas(afterDelete);
  const { leave } = useLeaveCanvas(id);
  const onAlert = useCallback((text: string) => services.showAlert(text, 'danger'), [services]);
  const board = useBoardExport(title);
  // A canvas that cannot be opened (not found, not allowed) has no actions in the header.
  const [refused, setRefused] = useState(false);
  const desktop = isDesktop(viewport.width);

  return (
    <CanvasLayout
      header={
        <CanvasHeader
          signedIn
          live={!owner}
          title={title}
          {...nameHeaderProps(name, owner)}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((open) => !open)}
          onDelete={() => (owner ? deletion.request(id) : leave(id))}
          onShowOnlineUsers={() => setUsersOpen(true)}
          onlineCount={onlineCount}
          historyHref={ROUTES.liveCanvasHistory(id)}
          renderLink={routerLink}
          {...exportHeaderProps(board)}
          people={people}
          extraActions={owner ? <ShareAction canvasId={id} /> : undefined}
          compact={!desktop}
          unavailable={refused}
        />
      }
      dialogs={
        <>
          <DeletePopup
            open={deletion.open}
            busy={deletion.busy}
            onDelete={() => deletion.actor.send({ type: 'delete.confirm' })}
            onCancel={() => deletion.actor.send({ type: 'delete.cancel' })}
          />
          <OnlineUsersDialog
            open={usersOpen}
            onClose={() => setUsersOpen(false)}
            canvasId={id}
            canvasName={title}
            canInvite={owner}
          />
        </>
      }
    >
      {sidebarOpen && (
        <CanvasSidebarSlot overlay={!desktop}>
          <LiveSidebar
            canvases={liveCanvases}
            activeId={id}
            onLeave={leave}
            hrefFor={ROUTES.liveCanvas}
            renderLink={routerLink}
            people={people}
          />
        </CanvasSidebarSlot>
      )}
      <CanvasBoard
        canvasId={id}
        userId={session?.user.id ?? null}
        backdropStorageKey={BACKDROP_STORAGE_KEY}
        listHref={ROUTES.liveCanvases}
        listLabel="Back to live canvases"
        onAlert={onAlert}
        handleRef={board.boardRef}
        title={title}
        onSelectionChange={board.onSelectionChange}
        onPeersChange={onPeersChange}
        onRefused={() => setRefused(true)}
      />
    </CanvasLayout>
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
