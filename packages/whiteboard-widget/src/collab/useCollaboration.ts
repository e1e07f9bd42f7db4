import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BehaviorSubject, filter, firstValueFrom } from 'rxjs';
import type { SceneElement } from '@tabula/domain';
import type {
  PeerActivity,
  ScenePointer,
  WhiteboardAppState,
  WhiteboardCollaborator,
  WhiteboardFiles,
  WhiteboardHandle,
} from '../Whiteboard.types';
import { CollaborationClient } from './CollaborationClient';
import { ClientClosedError } from './collaborationOptions';
import type { CollaborationClientOptions, CollaborationError } from './collaborationOptions';
import type { CollaborationStatus } from './connectionStatus';
import type { RemotePeer } from './peers';
import type { ClearingFeed } from './clearNotices';
import type {
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from './persistence/offlineState';
import type { Transport } from './Transport';

/** Options of `useCollaboration`. */
export interface UseCollaborationOptions extends Omit<CollaborationClientOptions, 'transport'> {
  /** The connection to use; `null` while there is none yet (nothing happens then). */
  transport: Transport | null;
  /** Called with every refusal, server error or ended session (show it to the user). */
  onError?: (error: CollaborationError) => void;
  /**
   * Called when changes made offline were refused on reconnect (the canvas was deleted or
   * access removed): offer `elements` for export, then call `release()` (with `persistence`).
   */
  onRefusedOffline?: (refused: RefusedOfflineChanges) => void;
}

/** The props `useCollaboration` gives `<Whiteboard>`: spread them on it. */
export interface CollaborationBinding {
  ref: (handle: WhiteboardHandle | null) => void;
  /** Resolves with the joined scene: the board mounts its editor with it. */
  initialElements: PromiseLike<readonly SceneElement[]>;
  onChange: (
    elements: readonly SceneElement[],
    appState: WhiteboardAppState,
    files?: WhiteboardFiles,
  ) => void;
  onPointerMove: (pointer: ScenePointer) => void;
  /** Who is here (avatars): changes when people come and go, not when pointers move. */
  collaborators: readonly WhiteboardCollaborator[];
  /** Peers' cursors and elements in progress, for the board's peer layer (per frame). */
  peerActivity: PeerActivity | undefined;
  /** How much of a big scene has arrived while the board waits for it (0 to 1), else null. */
  loadingProgress: number | null;
  /** True once the engine closed (the canvas was refused on a re-join): changes would be lost. */
  readOnly: boolean;
  /** Clears of the canvas and their Undo, shown on the board (docs/clearing.md). */
  clearing: ClearingFeed | undefined;
}

/** What `useCollaboration` returns. */
export interface UseCollaborationResult {
  /** Spread on `<Whiteboard {...bind} />`. */
  bind: CollaborationBinding;
  status: CollaborationStatus;
  /** True once the joined scene is on the mounted board (do not show it as ready before). */
  loaded: boolean;
  /**
   * Local changes waiting for an ack, as the user should see them ("n changes waiting"):
   * while not live, or once one has waited over a second (0 otherwise, so a badge does not
   * flicker on every commit). The raw count is `client.pendingCount`.
   */
  pending: number;
  /** Elements not saved: of a type the server refuses (embeds) or in a refused change. */
  notSaved: number;
  /** Who is here; it changes when people come and go, not when their pointers move. */
  peers: readonly RemotePeer[];
  /** How much of a scene sent in chunks has arrived (0 to 1) while a join loads it, else null. */
  loadProgress: number | null;
  /**
   * The device's copy of the canvas (with `persistence`): `copy: 'kept'` and `lastSyncedAt`
   * for "Offline · last synced …"; `unavailable` for "not available offline".
   */
  offline: OfflineState;
  /** How full the device's storage is; warn on `nearlyFull` (null until known). */
  storage: DeviceStorageState | null;
  /** The engine, for anything else (null without a transport). */
  client: CollaborationClient | null;
}

const CHECKING: OfflineState = { copy: 'checking', lastSyncedAt: null, unavailable: false };

/**
 * The scene to mount a board with, from whichever client is current: waits for one (no
 * transport yet), and for the next when one closes before joining (a remount, a new transport).
 */
async function sceneOfCurrentClient(
  clients: BehaviorSubject<CollaborationClient | null>,
): Promise<readonly SceneElement[]> {
  for (;;) {
    const client = await firstValueFrom(clients.pipe(filter((c) => c !== null)));
    try {
      return await client.initialScene();
    } catch (error) {
      if (!(error instanceof ClientClosedError)) throw error;
      if (clients.value === client) await firstValueFrom(clients.pipe(filter((c) => c !== client)));
    }
  }
}

/**
 * Wires a `CollaborationClient` (the sync engine) to a `<Whiteboard>`: the board mounts with
 * the joined scene, reports its changes to the engine and shows what the engine gives it. A
 * canvas the server refuses rejects `initialElements` (the board shows the refusal instead of
 * "Opening the canvas…"); refused later, the board turns read-only.
 *
 *   const transport = useSocketTransport(socket); // StrictMode-safe
 *   const live = useCollaboration({ transport, canvasId, userId, onError });
 *   return <Whiteboard {...live.bind} backdropStorageKey="backdrop" />;
 */
export function useCollaboration(options: UseCollaborationOptions): UseCollaborationResult {
  const { transport, onError: _onError, onRefusedOffline: _onRefused, ...given } = options;
  const engineOptions = useShallowStable(given);
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const onRefusedOffline = useRef(options.onRefusedOffline);
  onRefusedOffline.current = options.onRefusedOffline;
  const board = useRef<WhiteboardHandle | null>(null);
  const [clients] = useState(() => new BehaviorSubject<CollaborationClient | null>(null));
  const [client, setClient] = useState<CollaborationClient | null>(null);
  const [status, setStatus] = useState<CollaborationStatus>('connecting');
  const [loaded, setLoaded] = useState(false);
  const [pending, setPending] = useState(0);
  const [notSaved, setNotSaved] = useState(0);
  const [peers, setPeers] = useState<readonly RemotePeer[]>([]);
  const [loadProgress, setLoadProgress] = useState<number | null>(null);
  const [offline, setOffline] = useState<OfflineState>(CHECKING);
  const [storage, setStorage] = useState<DeviceStorageState | null>(null);

  useEffect(() => {
    if (!transport) return undefined;
    const next = new CollaborationClient({ transport, ...engineOptions });
    const subscriptions = [
      next.status$.subscribe(setStatus),
      next.loaded$.subscribe(setLoaded),
      next.waiting$.subscribe(setPending),
      next.notSaved$.subscribe(setNotSaved),
      next.peers$.subscribe(setPeers),
      next.loadProgress$.subscribe(setLoadProgress),
      next.errors$.subscribe((error) => onError.current?.(error)),
      next.offline$.subscribe(setOffline),
      next.storage$.subscribe(setStorage),
      next.refusedOffline$.subscribe((refused) => onRefusedOffline.current?.(refused)),
    ];
    setClient(next);
    next.attach(board.current);
    next.start();
    clients.next(next);
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      next.dispose();
      clients.next(null);
      setClient(null);
      setLoaded(false);
      setPeers([]);
      setLoadProgress(null);
      setOffline(CHECKING);
    };
  }, [transport, engineOptions, clients]);

  const clientRef = useRef(client);
  clientRef.current = client;
  // Read by the board once, at mount.
  const [initialElements] = useState((): PromiseLike<readonly SceneElement[]> => ({
    then: (resolve, reject) => sceneOfCurrentClient(clients).then(resolve, reject),
  }));

  const ref = useCallback((handle: WhiteboardHandle | null) => {
    board.current = handle;
    clientRef.current?.attach(handle);
  }, []);

  const onChange = useCallback(
    (elements: readonly SceneElement[], appState: WhiteboardAppState, files?: WhiteboardFiles) =>
      clientRef.current?.viewChanged(elements, appState, files),
    [],
  );
  const onPointerMove = useCallback(
    (pointer: ScenePointer) => clientRef.current?.movePointer(pointer),
    [],
  );
  const collaborators = useMemo(
    () =>
      // Without pointers: cursors are drawn from `peerActivity`, once per frame.
      peers.map((peer): WhiteboardCollaborator => ({
        id: peer.userId,
        username: peer.username,
        avatarUrl: peer.avatarUrl,
      })),
    [peers],
  );

  const readOnly = status === 'closed' && client !== null;
  const peerActivity = client?.peerActivity;
  // A view link's board (no user) never hears of clears: no notice.
  const clearing = given.userId ? client?.clearing : undefined;
  // Only while the board waits for its scene: a re-join under a mounted board re-renders nothing.
  const loadingProgress = loaded ? null : loadProgress;
  const bind = useMemo(
    () => ({
      ref,
      initialElements,
      onChange,
      onPointerMove,
      collaborators,
      peerActivity,
      loadingProgress,
      readOnly,
      clearing,
    }),
    [
      ref,
      initialElements,
      onChange,
      onPointerMove,
      collaborators,
      peerActivity,
      loadingProgress,
      readOnly,
      clearing,
    ],
  );
  return {
    bind,
    status,
    loaded,
    pending,
    notSaved,
    peers,
    loadProgress,
    offline,
    storage,
    client,
  };
}

/** `value`, or the previous one while every field is the same (so effects re-run on real changes). */
function useShallowStable<T extends object>(value: T): T {
  const kept = useRef(value);
  const previous = kept.current as Record<string, unknown>;
  const next = value as Record<string, unknown>;
  const keys = Object.keys(next);
  const same =
    keys.length === Object.keys(previous).length &&
    keys.every((key) => previous[key] === next[key]);
  if (!same) kept.current = value;
  return kept.current;
}
