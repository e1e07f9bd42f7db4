import '@tabula/whiteboard/styles.css';
import { useEffect, useMemo } from 'react';
import { Whiteboard } from '@tabula/whiteboard';
import { socketIoTransport, useCollaboration } from '@tabula/whiteboard/collab';
import type { CollaborationError } from '@tabula/whiteboard/collab';
import { update } from '../../app/appState';
import { useServices } from '../../app/ServicesContext';

/** Props of {@link CanvasBoard}. */
export interface CanvasBoardProps {
  canvasId: string;
  /** Session token and user id; without them the board is local only (nothing is saved). */
  token: string | null;
  userId: string | null;
  /** Only a canvas the user owns or collaborates on is synced with the server. */
  synced: boolean;
  /** 'background-color' on personal canvases, 'backdrop' on live ones (spec §3). */
  backdropStorageKey: string;
  onError: (error: CollaborationError) => void;
}

function SyncedBoard({
  canvasId,
  token,
  userId,
  backdropStorageKey,
  onError,
}: CanvasBoardProps & { token: string; userId: string }) {
  const services = useServices();
  const transport = useMemo(() => socketIoTransport(window.location.origin, token), [token]);
  useEffect(() => () => transport.close(), [transport]);
  // The canvas room's presence arrives on this connection (it is the one that joined the room).
  useEffect(() => {
    const joined = transport
      .events('collaborator-joined')
      .subscribe((m) =>
        services.store.set((s) => update.collaboratorsJoined(s, m.canvasId, m.collaborators)),
      );
    const left = transport
      .events('collaborator-leaved')
      .subscribe((m) =>
        services.store.set((s) => update.collaboratorLeft(s, m.canvasId, m.userId)),
      );
    return () => {
      joined.unsubscribe();
      left.unsubscribe();
    };
  }, [transport, services]);
  const live = useCollaboration({ transport, canvasId, userId, onError });
  return (
    <Whiteboard
      key={canvasId}
      {...live.bind}
      backdropStorageKey={backdropStorageKey}
      className="tw-board__surface"
    />
  );
}

/** The whiteboard of a canvas screen: synced through the widget's collaboration client. */
export function CanvasBoard(props: CanvasBoardProps) {
  const { token, userId, synced, canvasId, backdropStorageKey } = props;
  return (
    <div className="tw-board" data-testid="canvas-board">
      {synced && token && userId ? (
        <SyncedBoard key={canvasId} {...props} token={token} userId={userId} />
      ) : (
        <Whiteboard
          key={canvasId}
          backdropStorageKey={backdropStorageKey}
          className="tw-board__surface"
        />
      )}
    </div>
  );
}
