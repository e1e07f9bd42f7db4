/**
 * A live Tabula canvas embedded in an ordinary page. Open it as
 *   index.html?server=http://127.0.0.1:3000&token=<session token>&canvas=<canvas id>&user=<user id>
 * or, read-only and with no account, with a view link the canvas's owner created (Share):
 *   index.html?server=http://127.0.0.1:3000&view=<the link's token>
 */
import '@tabula/whiteboard/styles.css';
import './page.css';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { setExcalidrawAssetPath, Whiteboard } from '@tabula/whiteboard';
import type { WhiteboardHandle } from '@tabula/whiteboard';
import {
  useCollaboration,
  useSocketIoTransport,
  viewLinkTransport,
} from '@tabula/whiteboard/collab';
import type { RemotePeer, SocketIoTransport } from '@tabula/whiteboard/collab';

declare global {
  interface Window {
    /** What the end-to-end test reads: the board and who else is here. */
    __tabulaEmbed?: { board: WhiteboardHandle | null; peers: readonly RemotePeer[] };
  }
}

// Fonts copied by `tabula-whiteboard-fonts public/excalidraw-assets` (the postinstall script).
setExcalidrawAssetPath(new URL('./excalidraw-assets/', window.location.href).pathname);

interface LiveCanvasProps {
  server: string;
  token: string;
  canvasId: string;
  userId?: string;
}

function LiveCanvas({ server, token, canvasId, userId }: LiveCanvasProps) {
  const transport = useSocketIoTransport(server, token);
  const live = useCollaboration({
    transport,
    canvasId,
    userId,
    onError: (error) => console.warn(`[tabula] ${error.kind}: ${error.message}`),
  });
  const { ref } = live.bind;
  const setBoard = useCallback(
    (handle: WhiteboardHandle | null) => {
      ref(handle);
      window.__tabulaEmbed = {
        ...window.__tabulaEmbed,
        board: handle,
        peers: window.__tabulaEmbed?.peers ?? [],
      };
    },
    [ref],
  );
  window.__tabulaEmbed = { board: window.__tabulaEmbed?.board ?? null, peers: live.peers };
  return (
    <div className="page">
      <header className="bar">
        <strong>Embedded Tabula canvas</strong>
        <span data-testid="embed-status">{live.status}</span>
        <span>{live.pending > 0 ? `${live.pending} unsaved` : 'saved'}</span>
        <span>{live.peers.map((peer) => peer.username).join(', ') || 'nobody else here'}</span>
      </header>
      <main className="board">
        <Whiteboard {...live.bind} ref={setBoard} backdropStorageKey="backdrop" />
      </main>
    </div>
  );
}

/** A canvas shared by a view link: live and read-only, no account. */
function ViewedCanvas({ server, viewToken }: { server: string; viewToken: string }) {
  const [link, setLink] = useState<{ canvasId: string; name: string } | null>(null);
  const [transport, setTransport] = useState<SocketIoTransport | null>(null);
  useEffect(() => {
    // What the link opens (404 once revoked), then a transport on it.
    void fetch(`${server}/canvas/view/${encodeURIComponent(viewToken)}`)
      .then((response) => response.json())
      .then((answer: { success: boolean; data?: { canvasId: string; name: string } }) =>
        setLink(answer.success && answer.data ? answer.data : null),
      );
    const opened = viewLinkTransport(server, viewToken);
    setTransport(opened);
    return () => opened.close();
  }, [server, viewToken]);
  const live = useCollaboration({
    transport: link ? transport : null,
    canvasId: link?.canvasId ?? '',
    userId: '',
  });
  if (!link) return <p className="hint">Opening the link…</p>;
  return (
    <div className="page">
      <header className="bar">
        <strong>{link.name}</strong>
        <span data-testid="embed-status">
          {live.status === 'signed-out' ? 'link revoked' : live.status}
        </span>
        <span>view only</span>
      </header>
      <main className="board">
        <Whiteboard {...live.bind} readOnly showBackdropButton={false} />
      </main>
    </div>
  );
}

function App() {
  const params = new URLSearchParams(window.location.search);
  const server = params.get('server');
  const token = params.get('token');
  const canvasId = params.get('canvas');
  const viewToken = params.get('view');
  if (server && viewToken) return <ViewedCanvas server={server} viewToken={viewToken} />;
  if (!server || !token || !canvasId) {
    return (
      <p className="hint">
        Open this page with <code>?server=…&amp;token=…&amp;canvas=…</code> (and{' '}
        <code>&amp;user=…</code>, your user id).
      </p>
    );
  }
  return (
    <LiveCanvas
      server={server}
      token={token}
      canvasId={canvasId}
      userId={params.get('user') ?? undefined}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
