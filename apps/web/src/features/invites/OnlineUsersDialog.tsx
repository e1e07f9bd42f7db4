import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { InviteButton, OnlineUsersPopup } from '@tabula/ui';
import type { InviteStatus, OnlineUser } from '@tabula/ui';
import { isCollaborator } from '../../app/appState';
import { useAppSelector, useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';
import { inviteButtonMachine } from './inviteButtonMachine';
import { useOnlineUsersPages } from './useOnlineUsersPages';

interface InviteActionProps {
  user: OnlineUser;
  canvasId: string;
  canvasName: string;
}

/** One online user's Invite / Remove button, driven by its own machine. */
function InviteAction({ user, canvasId, canvasName }: InviteActionProps) {
  const services = useServices();
  const collaborating = useAppSelector((s) => isCollaborator(s, canvasId, user.id));
  const actor = useActorRef(
    useMemo(
      () =>
        inviteButtonMachine.provide({
          actions: {
            sendInvite: () => {
              services.realtime
                .current()
                ?.inviteUser({ toUserId: user.id, canvasId, canvasName, lines: [] })
                .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'));
            },
            removeCollaborator: () => {
              const admin = services.store.get().session?.user.id;
              if (!admin) return;
              services.realtime
                .current()
                ?.removeUser({ adminUserId: admin, canvasId, toUserId: user.id })
                .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'));
            },
          },
        }),
      [services, user.id, canvasId, canvasName],
    ),
    { input: { isCollaborator: collaborating } },
  );
  useEffect(() => {
    actor.send({ type: 'invite.collaboratorChanged', isCollaborator: collaborating });
  }, [actor, collaborating]);

  const status = useSelector(actor, (s): InviteStatus => {
    if (s.matches('collaborator')) return 'remove';
    return s.matches('countingDown') ? 'countdown' : 'invite';
  });
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  return (
    <InviteButton
      status={status}
      secondsLeft={secondsLeft}
      onInvite={() => actor.send({ type: 'invite.click' })}
      onRemove={() => actor.send({ type: 'invite.remove' })}
    />
  );
}

/** Props of {@link OnlineUsersDialog}. */
export interface OnlineUsersDialogProps {
  open: boolean;
  onClose: () => void;
  canvasId: string;
  canvasName: string;
  /** Only the canvas owner invites and removes; others just see who is online. */
  canInvite: boolean;
}

/**
 * 'All Online Users' for the open canvas: everyone online but the user, each with Invite; the
 * list is fetched when it opens, a page at a time ('Show more' for the next).
 */
export function OnlineUsersDialog({
  open,
  onClose,
  canvasId,
  canvasName,
  canInvite,
}: OnlineUsersDialogProps) {
  const self = useAppSelector((s) => s.session?.user.id);
  const connected = useAppSelector((s) => s.connected);
  const { users: online, more } = useOnlineUsersPages(open);
  const users = useMemo(
    () =>
      online
        .filter((u) => u.userId !== self)
        .map((u) => ({ id: u.userId, username: u.username, profilePhoto: u.profilePhoto })),
    [online, self],
  );
  return (
    <OnlineUsersPopup
      open={open}
      users={users}
      offline={!connected}
      onClose={onClose}
      footer={
        more ? (
          <button type="button" className="tb-button tb-online-users__more" onClick={more}>
            Show more
          </button>
        ) : null
      }
      renderAction={(user) =>
        canInvite ? (
          <InviteAction key={user.id} user={user} canvasId={canvasId} canvasName={canvasName} />
        ) : null
      }
    />
  );
}

/**
 * How many users other than the signed-in one are online; undefined while the connection is
 * down (the count would be a stale one: the header shows none).
 */
export function useOnlineCount(): number | undefined {
  return useAppSelector((s) =>
    s.connected
      ? Object.keys(s.onlineUsers).filter((id) => id !== s.session?.user.id).length
      : undefined,
  );
}
