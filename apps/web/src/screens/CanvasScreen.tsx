import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CanvasHeader, CanvasSidebar, DeletePopup, Loader } from '@tabula/ui';
import { BACKGROUND_COLOR_STORAGE_KEY } from '@tabula/domain/protocol';
import { update } from '../app/appState';
import { MESSAGES, ROUTES } from '../app/constants';
import { isDesktop, useViewport } from '../app/drawingArea';
import { routerLink } from '../app/routerLink';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { CanvasBoard } from '../features/canvases/CanvasBoard';
import { CanvasLayout, CanvasSidebarSlot } from './CanvasLayout';
import { ShareAction } from '../features/canvases/ShareAction';
import { nameHeaderProps, useDeleteCanvas, useNameEdit } from '../features/canvases/useCanvasFlows';
import { exportHeaderProps, useBoardExport } from '../features/canvases/useBoardExport';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useCreateCanvas } from '../features/canvases/useCreateCanvas';
import { errorMessage } from '../features/errorMessage';
import { OnlineUsersDialog, useOnlineCount } from '../features/invites/OnlineUsersDialog';
import { useCanvasPeople } from './canvasPeople';

/** /canvas/:id: a personal canvas with its header, sidebar and whiteboard (spec §2). */
export function CanvasScreen() {
  const { id = '' } = useParams();
  // A fresh screen (and fresh flows) per canvas.
  return <Canvas key={id} id={id} />;
}

function Canvas({ id }: { id: string }) {
  const services = useServices();
  const navigate = useNavigate();
  const viewport = useViewport();
  const session = useAppSelector((s) => s.session);
  // The list decides ownership ('Not allowed!' otherwise), so it is fetched fresh here too.
  const { canvases } = useCanvasList(session !== null);
  const ready = useAppSelector((s) => s.ready);
  const canvas = canvases.find((c) => c._id === id);
  const owned = canvas !== undefined;
  const title = canvas?.name ?? 'Canvas';

  const [sidebarOpen, setSidebarOpen] = useState(() => isDesktop(window.innerWidth));
  const [usersOpen, setUsersOpen] = useState(false);
  const onlineCount = useOnlineCount();
  // Shared with others, the owner sees them here too.
  const { people, onPeersChange } = useCanvasPeople(id, owned ? session?.user.id : undefined);
  const { create, creating } = useCreateCanvas();

  const name = useNameEdit(id, title);
  const afterDelete = useCallback(
    (deletedId: string) => {
      if (deletedId === id) navigate(ROUTES.canvases);
    },
    [id, navigate],
  );
  const deletion = useDeleteCanvas(afterDelete);
  const onAlert = useCallback((text: string) => services.showAlert(text, 'danger'), [services]);
  const board = useBoardExport(title);
  // A canvas that cannot be opened (not found, not allowed) has no actions in the header.
  const [refused, setRefused] = useState(false);

  function renameFromSidebar(canvasId: string, newName: string) {
    services.api
      .updateCanvasName(canvasId, newName.trim())
      .then((saved) => {
        services.store.set((s) => update.canvasRenamed(s, canvasId, saved.name));
        services.showAlert(MESSAGES.nameUpdated, 'alert');
      })
      .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'));
  }

  const signedIn = session !== null;
  const desktop = isDesktop(viewport.width);
  return (
    <CanvasLayout
      header={
        <CanvasHeader
          signedIn={signedIn}
          title={title}
          {...nameHeaderProps(name, owned)}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((open) => !open)}
          onDelete={() => deletion.request(id)}
          onShowOnlineUsers={() =>
            owned ? setUsersOpen(true) : services.showAlert(MESSAGES.notAllowed, 'danger')
          }
          onlineCount={onlineCount}
          historyHref={ROUTES.canvasHistory(id)}
          renderLink={routerLink}
          {...exportHeaderProps(board)}
          people={people}
          extraActions={signedIn && owned ? <ShareAction canvasId={id} /> : undefined}
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
          {signedIn && (
            <OnlineUsersDialog
              open={usersOpen}
              onClose={() => setUsersOpen(false)}
              canvasId={id}
              canvasName={title}
              canInvite={owned}
            />
          )}
        </>
      }
    >
      {signedIn && sidebarOpen && (
        <CanvasSidebarSlot overlay={!desktop}>
          <CanvasSidebar
            canvases={canvases.map((c) => ({ id: c._id, name: c.name, timestamp: c.timestamp }))}
            activeId={id}
            onNew={create}
            creating={creating}
            onRename={renameFromSidebar}
            onDelete={(canvasId) => deletion.request(canvasId)}
            hrefFor={ROUTES.canvas}
            renderLink={routerLink}
          />
        </CanvasSidebarSlot>
      )}
      {ready ? (
        <CanvasBoard
          canvasId={id}
          userId={session?.user.id ?? null}
          backdropStorageKey={BACKGROUND_COLOR_STORAGE_KEY}
          listHref={ROUTES.canvases}
          listLabel="Back to your canvases"
          onAlert={onAlert}
          handleRef={board.boardRef}
          title={title}
          onSelectionChange={board.onSelectionChange}
          onPeersChange={onPeersChange}
          onRefused={() => setRefused(true)}
        />
      ) : (
        <Loader />
      )}
    </CanvasLayout>
  );
}
