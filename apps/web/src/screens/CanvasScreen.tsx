import { useParams } from 'react-router-dom';
import { CanvasSidebar, Loader } from '@tabula/ui';
import { BACKGROUND_COLOR_STORAGE_KEY } from '@tabula/domain/protocol';
import { update } from '../app/appState';
import { MESSAGES, ROUTES } from '../app/constants';
import { routerLink } from '../app/routerLink';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { CanvasBoard } from '../features/canvases/CanvasBoard';
import { useCanvasList } from '../features/canvases/useCanvasList';
import { useCreateCanvas } from '../features/canvases/useCreateCanvas';
import { errorMessage } from '../features/errorMessage';
import { useCanvasPeople } from './canvasPeople';
import { CanvasScreenLayout, useCanvasScreen } from './CanvasScreenLayout';

/** /canvas/:id: a personal canvas with its header, sidebar and whiteboard (spec §2). */
export function CanvasScreen() {
  const { id = '' } = useParams();
  // A fresh screen (and fresh flows) per canvas.
  return <Canvas key={id} id={id} />;
}

function Canvas({ id }: { id: string }) {
  const services = useServices();
  const session = useAppSelector((s) => s.session);
  // The list decides ownership ('Not allowed!' otherwise), so it is fetched fresh here too.
  const { canvases } = useCanvasList(session !== null);
  const ready = useAppSelector((s) => s.ready);
  const canvas = canvases.find((c) => c._id === id);
  const owned = canvas !== undefined;
  const title = canvas?.name ?? 'Canvas';
  const screen = useCanvasScreen(id, title, ROUTES.canvases);
  // Shared with others, the owner sees them here too.
  const { people, onPeersChange } = useCanvasPeople(id, owned ? session?.user.id : undefined);
  const { create, creating } = useCreateCanvas();

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
  return (
    <CanvasScreenLayout
      screen={screen}
      owner={owned}
      withUsers={signedIn}
      header={{
        signedIn,
        onDelete: () => screen.deletion.request(id),
        onShowOnlineUsers: () =>
          owned ? screen.setUsersOpen(true) : services.showAlert(MESSAGES.notAllowed, 'danger'),
        historyHref: ROUTES.canvasHistory(id),
        people,
      }}
      sidebar={
        signedIn && (
          <CanvasSidebar
            canvases={canvases.map((c) => ({ id: c._id, name: c.name, timestamp: c.timestamp }))}
            activeId={id}
            onNew={create}
            creating={creating}
            onRename={renameFromSidebar}
            onDelete={(canvasId) => screen.deletion.request(canvasId)}
            hrefFor={ROUTES.canvas}
            renderLink={routerLink}
          />
        )
      }
    >
      {ready ? (
        <CanvasBoard
          canvasId={id}
          userId={session?.user.id ?? null}
          backdropStorageKey={BACKGROUND_COLOR_STORAGE_KEY}
          listHref={ROUTES.canvases}
          listLabel="Back to your canvases"
          onAlert={screen.onAlert}
          handleRef={screen.board.boardRef}
          title={title}
          onSelectionChange={screen.board.onSelectionChange}
          onPeersChange={onPeersChange}
          onRefused={screen.onRefused}
        />
      ) : (
        <Loader />
      )}
    </CanvasScreenLayout>
  );
}
