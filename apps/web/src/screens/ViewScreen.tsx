import '@tabula/whiteboard/styles.css';
import './ViewScreen.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SHARE_LINK_NOT_FOUND } from '@tabula/domain';
import type { ViewLinkInfo } from '@tabula/domain/protocol';
import { CanvasUnavailable, Loader } from '@tabula/ui';
import { ConnectionBadge, Whiteboard } from '@tabula/whiteboard';
import { httpFileTransport, useCollaboration, viewLinkTransport } from '@tabula/whiteboard/collab';
import type { WhiteboardHandle } from '@tabula/whiteboard';
import type { SocketIoTransport } from '@tabula/whiteboard/collab';
import { ROUTES } from '../app/constants';
import { routerLink } from '../app/routerLink';
import { useServices } from '../app/ServicesContext';
import { exposeBoardForTests } from '../features/canvases/boardProbe';

/** The link no longer opens anything (revoked, the canvas deleted, or never a link). */
function LinkGone() {
  return (
    <CanvasUnavailable
      title="This link is not available"
      text={SHARE_LINK_NOT_FOUND}
      backHref={ROUTES.home}
      backLabel="Go to Tabula"
      renderLink={routerLink}
    />
  );
}

/** A view-link transport to this origin while the board shows. */
function useViewLinkTransport(token: string): SocketIoTransport | null {
  const [transport, setTransport] = useState<SocketIoTransport | null>(null);
  useEffect(() => {
    const opened = viewLinkTransport('', token);
    setTransport(opened);
    return () => {
      opened.close();
      setTransport(null);
    };
  }, [token]);
  return transport;
}

function ViewBoard({ token, link }: { token: string; link: ViewLinkInfo }) {
  const transport = useViewLinkTransport(token);
  // Image files with the link's token too (read only).
  const files = useMemo(() => httpFileTransport({ token: () => null, viewToken: token }), [token]);
  const live = useCollaboration({ transport, canvasId: link.canvasId, userId: '', files });
  const handle = useRef<WhiteboardHandle | null>(null);
  const bindRef = live.bind.ref;
  const ref = useCallback(
    (next: WhiteboardHandle | null) => {
      handle.current = next;
      bindRef(next);
    },
    [bindRef],
  );
  const { canvasId } = link;
  useEffect(
    () =>
      handle.current
        ? exposeBoardForTests(canvasId, handle.current, live.loaded, () =>
            live.client ? live.client.peerActivity.previews() : [],
          )
        : undefined,
    [canvasId, live.loaded, live.client],
  );
  if (live.status === 'signed-out' || live.status === 'closed') return <LinkGone />;
  return (
    <div className="tw-canvas">
      <header className="tb-canvas-header">
        <h1 className="tb-canvas-header__title">{link.name}</h1>
        <span className="tw-view__badge">View only</span>
      </header>
      <div className="tw-canvas__body">
        <div className="tw-board" data-testid="canvas-board">
          <Whiteboard
            {...live.bind}
            ref={ref}
            readOnly
            showBackdropButton={false}
            className="tw-board__surface"
          />
          {!live.loaded && (
            <div className="tw-board__opening">
              <Loader label="Opening canvas…" />
            </div>
          )}
          <ConnectionBadge status={live.status} className="tw-board__status" />
        </div>
      </div>
    </div>
  );
}

/**
 * `/view/:token`: a canvas shared by its owner through a view link. No account: the board,
 * live and read-only, and the canvas's name; nothing about its people or its history.
 */
export function ViewScreen() {
  const { token = '' } = useParams();
  const services = useServices();
  const [link, setLink] = useState<ViewLinkInfo | 'gone' | null>(null);
  useEffect(() => {
    let current = true;
    services.api.openViewLink(token).then(
      (opened) => current && setLink(opened),
      () => current && setLink('gone'),
    );
    return () => {
      current = false;
    };
  }, [services, token]);
  if (link === 'gone') return <LinkGone />;
  if (!link) return <Loader label="Opening canvas…" />;
  return <ViewBoard token={token} link={link} />;
}
