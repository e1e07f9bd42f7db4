/**
 * The page the Chromium tests drive: a full-window `<Whiteboard>`, solo, or live when the query
 * string gives `server`, `token` and `canvas` (and `user`, the local user id). It exposes what
 * the tests read as `window.__tabula`. With `late` (solo), the board's initial scene is a
 * promise the test settles with `__tabula.giveScene(elements)`.
 */
import '@excalidraw/excalidraw/index.css';
import '../../styles.css';
import { StrictMode, useCallback, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useCollaboration, useSocketIoTransport } from '../../collab/index';
import type { RemotePeer, UseCollaborationResult } from '../../collab/index';
import { ConnectionBadge, setExcalidrawAssetPath, Whiteboard } from '../../index';
import type { SceneElement, WhiteboardAppState, WhiteboardHandle } from '../../index';

interface HarnessState {
  board: WhiteboardHandle | null;
  /** How many times the board reported a change. */
  changes: number;
  /** Every collaboration status shown, in order. */
  statuses: string[];
  live: Pick<UseCollaborationResult, 'status' | 'loaded' | 'pending' | 'peers'> | null;
  /** The engine (its raw `pendingCount`). */
  client: UseCollaborationResult['client'];
  /** How many elements the board's first report held (null: none yet). */
  firstReport: number | null;
  /** With `late`: resolves the board's initial scene. */
  giveScene?: (elements: readonly SceneElement[]) => void;
}

declare global {
  interface Window {
    __tabula: HarnessState;
    /** Set by examples/embed (the live tests read both pages alike). */
    __tabulaEmbed?: { board: WhiteboardHandle | null; peers: readonly RemotePeer[] };
  }
}

setExcalidrawAssetPath('/excalidraw-assets/');
const params = new URLSearchParams(window.location.search);
const state: HarnessState = {
  board: null,
  changes: 0,
  statuses: [],
  live: null,
  client: null,
  firstReport: null,
};
window.__tabula = state;
const lateScene = params.has('late')
  ? new Promise<readonly SceneElement[]>((resolve) => {
      state.giveScene = resolve;
    })
  : undefined;

function keepBoard(handle: WhiteboardHandle | null): void {
  state.board = handle;
}

function Solo() {
  return (
    <Whiteboard
      ref={keepBoard}
      backdropStorageKey="background-color"
      initialElements={lateScene}
      onChange={(elements) => {
        state.changes += 1;
        state.firstReport ??= elements.length;
      }}
    />
  );
}

function Live({
  server,
  token,
  canvasId,
  userId,
}: {
  server: string;
  token: string;
  canvasId: string;
  userId?: string;
}) {
  const transport = useSocketIoTransport(server, token);
  const live = useCollaboration({ transport, canvasId, userId, outboxStorage: localStorage });
  useEffect(() => {
    state.statuses.push(live.status);
  }, [live.status]);
  state.client = live.client;
  state.live = {
    status: live.status,
    loaded: live.loaded,
    pending: live.pending,
    peers: live.peers,
  };
  const { ref, onChange, ...bind } = live.bind;
  const setBoard = useCallback(
    (handle: WhiteboardHandle | null) => {
      ref(handle);
      keepBoard(handle);
    },
    [ref],
  );
  const recordChange = useCallback(
    (elements: readonly SceneElement[], appState: WhiteboardAppState) => {
      state.changes += 1;
      onChange(elements, appState);
    },
    [onChange],
  );
  return (
    <>
      <ConnectionBadge
        status={live.status}
        pending={live.pending}
        notSaved={live.notSaved}
        style={{ position: 'fixed', bottom: 8, right: 8, zIndex: 10 }}
      />
      <Whiteboard {...bind} ref={setBoard} onChange={recordChange} backdropStorageKey="backdrop" />
    </>
  );
}

const server = params.get('server');
const token = params.get('token');
const canvasId = params.get('canvas');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {server && token && canvasId ? (
      <Live
        server={server}
        token={token}
        canvasId={canvasId}
        userId={params.get('user') ?? undefined}
      />
    ) : (
      <Solo />
    )}
  </StrictMode>,
);
