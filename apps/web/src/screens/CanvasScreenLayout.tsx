import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { CanvasHeader, DeletePopup } from '@tabula/ui';
import type { CanvasHeaderProps } from '@tabula/ui';
import { isDesktop, useViewport } from '../app/drawingArea';
import { routerLink } from '../app/routerLink';
import { useServices } from '../app/ServicesContext';
import { ShareAction } from '../features/canvases/ShareAction';
import { nameHeaderProps, useDeleteCanvas, useNameEdit } from '../features/canvases/useCanvasFlows';
import { exportHeaderProps, useBoardExport } from '../features/canvases/useBoardExport';
import { OnlineUsersDialog, useOnlineCount } from '../features/invites/OnlineUsersDialog';
import { CanvasLayout, CanvasSidebarSlot } from './CanvasLayout';

/**
 * What the two canvas screens (personal and live) share: the sidebar's and the users popup's
 * state, the name editor, deletion (then back to `listHref`), the header's export, the alert
 * for the board, and whether the board was refused.
 */
export function useCanvasScreen(id: string, title: string, listHref: string) {
  const services = useServices();
  const navigate = useNavigate();
  const viewport = useViewport();
  const [sidebarOpen, setSidebarOpen] = useState(() => isDesktop(window.innerWidth));
  const [usersOpen, setUsersOpen] = useState(false);
  const onlineCount = useOnlineCount();
  const name = useNameEdit(id, title);
  const afterDelete = useCallback(
    (deletedId: string) => {
      if (deletedId === id) navigate(listHref);
    },
    [id, navigate, listHref],
  );
  const deletion = useDeleteCanvas(afterDelete);
  const onAlert = useCallback((text: string) => services.showAlert(text, 'danger'), [services]);
  const board = useBoardExport(title);
  // A canvas that cannot be opened (not found, not allowed) has no actions in the header.
  const [refused, setRefused] = useState(false);
  const onRefused = useCallback(() => setRefused(true), []);
  return {
    id,
    title,
    desktop: isDesktop(viewport.width),
    sidebarOpen,
    toggleSidebar: () => setSidebarOpen((open) => !open),
    usersOpen,
    setUsersOpen,
    onlineCount,
    name,
    deletion,
    onAlert,
    board,
    refused,
    onRefused,
  };
}

/** Props of {@link CanvasScreenLayout}. */
export interface CanvasScreenLayoutProps {
  screen: ReturnType<typeof useCanvasScreen>;
  /** The user may rename, share and invite (the owner). */
  owner: boolean;
  /** Header props that differ between the screens. */
  header: Pick<
    CanvasHeaderProps,
    'signedIn' | 'live' | 'onDelete' | 'onShowOnlineUsers' | 'historyHref' | 'people'
  >;
  /** Whether the users popup may be shown at all (signed in). */
  withUsers: boolean;
  /** The sidebar's content, shown while it is open. */
  sidebar: ReactNode;
  /** The board. */
  children: ReactNode;
}

/** The canvas screens' frame: their header, sidebar, board and dialogs, one layout for both. */
export function CanvasScreenLayout({
  screen,
  owner,
  header,
  withUsers,
  sidebar,
  children,
}: CanvasScreenLayoutProps) {
  const { id, title, desktop, deletion } = screen;
  return (
    <CanvasLayout
      header={
        <CanvasHeader
          {...header}
          title={title}
          {...nameHeaderProps(screen.name, owner)}
          sidebarOpen={screen.sidebarOpen}
          onToggleSidebar={screen.toggleSidebar}
          onlineCount={screen.onlineCount}
          renderLink={routerLink}
          {...exportHeaderProps(screen.board)}
          extraActions={header.signedIn && owner ? <ShareAction canvasId={id} /> : undefined}
          compact={!desktop}
          unavailable={screen.refused}
        />
      }
      dialogs={
        <>
          <DeletePopup
            open={deletion.open}
            busy={deletion.busy}
            onDelete={() => deletion.actor.send({ type: 'delete.confirm' })}
            onCancel={() => deletion.actor.send({ type: 'delete.cancel' })}
          />
          {withUsers && (
            <OnlineUsersDialog
              open={screen.usersOpen}
              onClose={() => screen.setUsersOpen(false)}
              canvasId={id}
              canvasName={title}
              canInvite={owner}
            />
          )}
        </>
      }
    >
      {sidebar && screen.sidebarOpen && (
        <CanvasSidebarSlot overlay={!desktop}>{sidebar}</CanvasSidebarSlot>
      )}
      {children}
    </CanvasLayout>
  );
}
