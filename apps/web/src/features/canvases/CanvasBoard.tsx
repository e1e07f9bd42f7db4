import '@tabula/whiteboard/styles.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CanvasUnavailable, Loader } from '@tabula/ui';
import { Whiteboard } from '@tabula/whiteboard';
import type { WhiteboardHandle } from '@tabula/whiteboard';
import { httpFileTransport, useCollaboration } from '@tabula/whiteboard/collab';
import type { CollaborationError, RemotePeer } from '@tabula/whiteboard/collab';
import { routerLink } from '../../app/routerLink';
import { useServices } from '../../app/ServicesContext';
import { exposeBoardForTests } from './boardProbe';
import { boardErrorOutcome } from './boardErrors';
import { useDevicePersistence } from './devicePersistence';
import { exportBaseName } from './exportBoard';
import { useFollowingTransport } from './followingTransport';
import { useKeptBoardBinding } from './keptBoardBinding';
import {
  NotAvailableOffline,
  RefusedChangesDialog,
  StorageWarning,
  SyncPill,
} from './offlineNotices';
import { useRefusedChanges } from './refusedChanges';
import type { CanvasRefusal } from './boardErrors';

/** Props of {@link CanvasBoard}. */
export interface CanvasBoardProps {
  canvasId: string;
  /** The signed-in user; without one the board is local only (nothing is saved). */
  userId: string | null;
  /** 'background-color' on personal canvases, 'backdrop' on live ones (spec §3). */
  backdropStorageKey: string;
  /** Where "Back to …" leads when the canvas cannot be opened. */
  listHref: string;
  listLabel: string;
  /** A refused change or a server error, to show as an alert. */
  onAlert: (message: string) => void;
  /** Set to the board while it shows (the header's Export reads the drawing through it). */
  handleRef?: { current: WhiteboardHandle | null };
  /** The canvas name: Excalidraw's own "Export image…" names its files after it. */
  title?: string;
  /** Told the selected element ids whenever the selection changes (the header's Export menu). */
  onSelectionChange?: (ids: readonly string[]) => void;
  /** Told the others on the canvas whenever they change (who is online, whose pointer is here). */
  onPeersChange?: (peers: readonly RemotePeer[]) => void;
  /** Told when the canvas cannot be opened (not found, not allowed): the board is replaced. */
  onRefused?: (refusal: CanvasRefusal) => void;
}

type SyncedBoardProps = Omit<CanvasBoardProps, 'userId'> & { userId: string };

/**
 * The board of a canvas the server keeps: joined over the app's one socket, shown as ready only
 * once the joined scene is on it, with the sync pill; a canvas that does not exist or is not
 * the user's gets a screen saying so and no board. The account's canvases are kept on the
 * device (docs/offline.md): one opened here before opens with no network (or before the app
 * has its socket), and what is drawn offline waits on the device until the server has it.
 */
function SyncedBoard(props: SyncedBoardProps) {
  const { canvasId, userId, backdropStorageKey, onAlert, handleRef, onPeersChange } = props;
  const { title, onSelectionChange, onRefused } = props;
  const services = useServices();
  // A transport over the app's socket, whichever it is now (none yet offline); closing it
  // leaves the room.
  const following = useFollowingTransport(services.realtime.client$);
  const device = useDevicePersistence(userId);
  const transport = device.ready ? following : null;
  const refusedChanges = useRefusedChanges(device.persistence, title ?? 'canvas', onAlert);
  // Image files go over REST, to the page's own origin, with the session's token.
  const files = useMemo(() => httpFileTransport({ token: () => services.token() }), [services]);
  const [refusal, setRefusal] = useState<CanvasRefusal | null>(null);
  const onError = useCallback(
    (error: CollaborationError) => {
      const outcome = boardErrorOutcome(error);
      if (outcome.show === 'refusal') {
        setRefusal(outcome.refusal);
        onRefused?.(outcome.refusal);
      } else if (outcome.show === 'alert') onAlert(outcome.message);
    },
    [onAlert, onRefused],
  );
  const live = useCollaboration({
    transport,
    canvasId,
    userId,
    onError,
    // Read once: an outbox an older version kept there moves into the persistence.
    outboxStorage: window.localStorage,
    persistence: device.persistence,
    onRefusedOffline: refusedChanges.onRefusedOffline,
    files,
  });

  useEffect(() => {
    onPeersChange?.(live.peers);
  }, [live.peers, onPeersChange]);

  const { handle, bind } = useKeptBoardBinding(live, device.persistence, canvasId, handleRef);
  useEffect(
    () =>
      handle.current
        ? exposeBoardForTests(canvasId, handle.current, live.loaded, () =>
            live.client ? live.client.peerActivity.previews() : [],
          )
        : undefined,
    [canvasId, live.loaded, live.client],
  );

  const refusedDialog = (
    <RefusedChangesDialog
      refused={refusedChanges.refused}
      busy={refusedChanges.busy}
      onDownload={refusedChanges.download}
      onCancel={refusedChanges.cancel}
    />
  );
  if (refusal) {
    return (
      <>
        <CanvasUnavailable
          title={refusal.title}
          text={refusal.text}
          backHref={props.listHref}
          backLabel={props.listLabel}
          renderLink={routerLink}
        />
        {refusedDialog}
      </>
    );
  }
  return (
    <>
      <Whiteboard
        {...bind}
        backdropStorageKey={backdropStorageKey}
        name={title === undefined ? undefined : exportBaseName(title)}
        onSelectionChange={onSelectionChange}
        className="tw-board__surface"
      />
      {!live.loaded &&
        (live.offline.unavailable ? (
          <NotAvailableOffline />
        ) : (
          <div className="tw-board__opening">
            <Loader label={openingLabel(live.loadProgress)} />
          </div>
        ))}
      <StorageWarning storage={live.storage} />
      <SyncPill
        status={live.status}
        pending={live.pending}
        notSaved={live.notSaved}
        offline={live.offline}
      />
      {refusedDialog}
    </>
  );
}

/**
 * The whiteboard of a canvas screen. Signed in, it is synced through the app's realtime
 * connection (the tab's one socket); signed out, it is a local board and nothing is saved.
 */
export function CanvasBoard(props: CanvasBoardProps) {
  const { userId, canvasId, backdropStorageKey } = props;
  let board;
  if (!userId) {
    board = (
      <Whiteboard
        ref={props.handleRef}
        backdropStorageKey={backdropStorageKey}
        name={props.title === undefined ? undefined : exportBaseName(props.title)}
        onSelectionChange={props.onSelectionChange}
        className="tw-board__surface"
      />
    );
  } else {
    board = <SyncedBoard {...props} userId={userId} />;
  }
  return (
    <div className="tw-board" data-testid="canvas-board" key={canvasId}>
      {board}
    </div>
  );
}

/** What the cover says while the board opens: a large canvas's chunks counted as they come. */
function openingLabel(progress: number | null): string {
  return progress === null ? 'Opening canvas…' : `Opening canvas… ${Math.round(progress * 100)}%`;
}
