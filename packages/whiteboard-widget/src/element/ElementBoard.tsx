import { useCallback, useEffect, useRef, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import { Whiteboard } from '../Whiteboard';
import type { WhiteboardHandle } from '../Whiteboard.types';
import type { SocketIoTransport } from '../collab/socketIoTransport';
import { useCollaboration } from '../collab/useCollaboration';
import { useSocketIoTransport } from '../collab/useSocketIoTransport';
import { viewLinkTransport } from '../collab/viewLinkTransport';
import type { BoardViewProps, ElementBoardProps } from './elementTypes';

/** A key of the scene's content: it changes when any element is added, changed or removed. */
function sceneKey(elements: readonly SceneElement[]): number {
  let key = elements.length;
  for (const element of elements) key = (key * 31 + element.version) | 0;
  return key;
}

/** `onChange` of the board, reported only when the elements changed (not on every pointer move). */
function useChangeReport(onChange: ElementBoardProps['onChange']) {
  const last = useRef<number | null>(null);
  return useCallback(
    (elements: readonly SceneElement[]) => {
      const key = sceneKey(elements);
      if (key === last.current) return;
      last.current = key;
      onChange(elements.filter((element) => !element.isDeleted));
    },
    [onChange],
  );
}

type Props = BoardViewProps;

function LiveBoard(props: Props & { transport: SocketIoTransport | null; canvasId: string }) {
  const { transport, canvasId, onStatus, onError, onHandle } = props;
  const live = useCollaboration({ transport, canvasId, onError });
  useEffect(() => onStatus(live.status), [live.status, onStatus]);
  const report = useChangeReport(props.onChange);
  const { ref, onChange } = live.bind;
  const setHandle = useCallback(
    (handle: WhiteboardHandle | null) => {
      ref(handle);
      onHandle(handle);
    },
    [ref, onHandle],
  );
  return (
    <Whiteboard
      {...live.bind}
      ref={setHandle}
      onChange={(elements, appState, files) => {
        onChange(elements, appState, files);
        report(elements);
      }}
      readOnly={props.readOnly || props.viewToken !== null || live.bind.readOnly}
      showBackdropButton={props.viewToken === null}
      theme={props.theme}
    />
  );
}

function SessionBoard(props: Props & { server: string; token: string; canvas: string }) {
  const transport = useSocketIoTransport(props.server, props.token);
  return <LiveBoard {...props} transport={transport} canvasId={props.canvas} />;
}

/** The canvas a view link opens (`GET /canvas/view/:token`), unless the `canvas` attribute says. */
function ViewBoard(props: Props & { server: string; viewToken: string }) {
  const { server, viewToken, canvas, onError } = props;
  const [canvasId, setCanvasId] = useState<string | null>(canvas);
  const [transport, setTransport] = useState<SocketIoTransport | null>(null);
  useEffect(() => {
    if (canvas) return;
    let cancelled = false;
    void fetch(`${server.replace(/\/$/, '')}/canvas/view/${encodeURIComponent(viewToken)}`)
      .then((response) => response.json())
      .then((answer: { success?: boolean; message?: string; data?: { canvasId?: string } }) => {
        if (cancelled) return;
        if (answer.success && answer.data?.canvasId) setCanvasId(answer.data.canvasId);
        else throw new Error(answer.message ?? 'This link was revoked or never existed.');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : String(error);
        onError({ kind: 'join-refused', code: 'NOT_FOUND', message });
      });
    return () => {
      cancelled = true;
    };
  }, [server, viewToken, canvas, onError]);
  useEffect(() => {
    const opened = viewLinkTransport(server, viewToken);
    setTransport(opened);
    return () => opened.close();
  }, [server, viewToken]);
  return <LiveBoard {...props} transport={canvasId ? transport : null} canvasId={canvasId ?? ''} />;
}

/** A board with no server: the page keeps its scene (`change` events, the `elements` property). */
function LocalBoard(props: Props) {
  const { onStatus, onHandle } = props;
  useEffect(() => onStatus('local'), [onStatus]);
  const report = useChangeReport(props.onChange);
  const [initial] = useState(() => props.initialElements);
  return (
    <Whiteboard
      ref={onHandle}
      initialElements={initial}
      onChange={(elements) => report(elements)}
      readOnly={props.readOnly}
      theme={props.theme}
    />
  );
}

/** What `<tabula-whiteboard>` renders in its shadow root, by the attributes it was given. */
export function ElementBoard(props: Props) {
  const { server, token, viewToken, canvas } = props;
  if (server && viewToken) return <ViewBoard {...props} server={server} viewToken={viewToken} />;
  if (server && token && canvas) {
    return <SessionBoard {...props} server={server} token={token} canvas={canvas} />;
  }
  return <LocalBoard {...props} />;
}
