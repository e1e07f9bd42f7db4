import '@tabula/whiteboard/styles.css';
import { useEffect, useMemo } from 'react';
import { Whiteboard } from '@tabula/whiteboard';
import { socketIoTransport, useCollaboration } from '@tabula/whiteboard/collab';
import type { CollaborationError } from '@tabula/whiteboard/collab';

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
  const transport = useMemo(() => socketIoTransport(window.location.origin, token), [token]);
  useEffect(() => () => transport.close(), [transport]);
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
