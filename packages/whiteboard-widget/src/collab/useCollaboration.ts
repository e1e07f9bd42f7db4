import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { ScenePointer, WhiteboardCollaborator, WhiteboardHandle } from '../Whiteboard.types';
import { CollaborationClient } from './CollaborationClient';
import type {
  CollaborationClientOptions,
  CollaborationError,
  CollaborationStatus,
} from './CollaborationClient';
import type { RemotePeer } from './peers';
import type { Transport } from './Transport';

/** A place to keep unsent changes between sessions (`window.localStorage` fits). */
export interface OutboxStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Options of `useCollaboration`. */
export interface UseCollaborationOptions extends Omit<CollaborationClientOptions, 'transport'> {
  /** The connection to use; `null` while there is none yet (nothing happens then). */
  transport: Transport | null;
  /** Called with every refusal or server error (show it to the user). */
  onError?: (error: CollaborationError) => void;
  /**
   * Where unsent changes are kept (e.g. `window.localStorage`), under a key per user and
   * canvas, to be resent on the next join.
   */
  outboxStorage?: OutboxStorage;
}

/** The props `useCollaboration` gives `<Whiteboard>`: spread them on it. */
export interface CollaborationBinding {
  ref: (handle: WhiteboardHandle | null) => void;
  onChange: (deltas: SceneElement[]) => void;
  onEditingChange: (ids: ReadonlySet<string>) => void;
  onPointerMove: (pointer: ScenePointer) => void;
  collaborators: readonly WhiteboardCollaborator[];
}

/** What `useCollaboration` returns. */
export interface UseCollaborationResult {
  /** Spread on `<Whiteboard {...bind} />`. */
  bind: CollaborationBinding;
  status: CollaborationStatus;
  /** True once the canvas' scene has been loaded. */
  loaded: boolean;
  /** Local updates waiting for an ack. */
  pending: number;
  peers: readonly RemotePeer[];
  /** The client, for anything else (null without a transport). */
  client: CollaborationClient | null;
}

/**
 * Wires a `CollaborationClient` to a `<Whiteboard>`: local deltas go to the server, peers'
 * changes and cursors come onto the board.
 *
 *   const transport = useMemo(() => socketIoTransport(url, token), [url, token]);
 *   const live = useCollaboration({ transport, canvasId, userId });
 *   return <Whiteboard {...live.bind} backdropStorageKey="backdrop" />;
 */
export function useCollaboration(options: UseCollaborationOptions): UseCollaborationResult {
  const { transport, canvasId, userId, scheduler, newEventId, pointerIntervalMs, retryDelayMs } =
    options;
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const board = useRef<WhiteboardHandle | null>(null);
  const [client, setClient] = useState<CollaborationClient | null>(null);
  const [status, setStatus] = useState<CollaborationStatus>('connecting');
  const [loaded, setLoaded] = useState(false);
  const [pending, setPending] = useState(0);
  const [peers, setPeers] = useState<readonly RemotePeer[]>([]);

  useEffect(() => {
    if (!transport) return undefined;
    const next = new CollaborationClient({
      transport,
      canvasId,
      userId,
      scheduler,
      newEventId,
      pointerIntervalMs,
      retryDelayMs,
    });
    const subscriptions = [
      next.status$.subscribe(setStatus),
      next.loaded$.subscribe(setLoaded),
      next.pending$.subscribe(setPending),
      next.peers$.subscribe(setPeers),
      next.errors$.subscribe((error) => onError.current?.(error)),
      next.remoteChanges$.subscribe((elements) => board.current?.applyRemote(elements)),
    ];
    setClient(next);
    next.start();
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      next.dispose();
      setClient(null);
      setLoaded(false);
      setPeers([]);
    };
  }, [transport, canvasId, userId, scheduler, newEventId, pointerIntervalMs, retryDelayMs]);

  const clientRef = useRef(client);
  clientRef.current = client;

  // A board that mounts (or remounts) gets the client's whole scene.
  const ref = useCallback((handle: WhiteboardHandle | null) => {
    board.current = handle;
    const current = clientRef.current;
    if (handle && current && current.elements.length > 0) handle.applyRemote(current.elements);
  }, []);

  useEffect(() => {
    if (client && board.current && client.elements.length > 0)
      board.current.applyRemote(client.elements);
  }, [client]);

  const onChange = useCallback((deltas: SceneElement[]) => clientRef.current?.submit(deltas), []);
  const onEditingChange = useCallback(
    (ids: ReadonlySet<string>) => clientRef.current?.setEditing(ids),
    [],
  );
  const onPointerMove = useCallback(
    (pointer: ScenePointer) => clientRef.current?.movePointer(pointer),
    [],
  );
  const collaborators = useMemo(
    () =>
      peers.map((peer): WhiteboardCollaborator => ({
        id: peer.userId,
        username: peer.username,
        avatarUrl: peer.avatarUrl,
        pointer: peer.pointer,
      })),
    [peers],
  );

  const bind = useMemo(
    () => ({ ref, onChange, onEditingChange, onPointerMove, collaborators }),
    [ref, onChange, onEditingChange, onPointerMove, collaborators],
  );
  return { bind, status, loaded, pending, peers, client };
}
