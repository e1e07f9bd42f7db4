import type { ReactNode } from 'react';
import { Avatar } from '../Avatar/Avatar';
import { Modal } from '../Modal/Modal';

/** A user shown in the online-users popup. */
export interface OnlineUser {
  id: string;
  username: string;
  profilePhoto?: string | null;
}

/** Props of {@link OnlineUsersPopup}. */
export interface OnlineUsersPopupProps {
  open: boolean;
  users: readonly OnlineUser[];
  onClose: () => void;
  /** The control at the end of each row, usually an {@link InviteButton} driven by its machine. */
  renderAction: (user: OnlineUser) => ReactNode;
  /** After the list, e.g. a control that loads the next page of a long list. */
  footer?: ReactNode;
  /**
   * The connection is down: who is online is not known now, so the popup says so instead of
   * showing a list that may be stale (and nobody can be invited meanwhile).
   */
  offline?: boolean;
}

/** 'All Online Users': one row per user with an action; the list scrolls beyond 24rem. */
export function OnlineUsersPopup({
  open,
  users,
  onClose,
  renderAction,
  footer,
  offline = false,
}: OnlineUsersPopupProps) {
  return (
    <Modal open={open} title="All Online Users" onClose={onClose} className="tb-online-users">
      {offline ? (
        <div className="tb-online-users__empty" role="status">
          <p className="tb-online-users__empty-title">You are offline.</p>
          <p className="tb-online-users__empty-hint">
            Who is online shows again once you are back online.
          </p>
        </div>
      ) : users.length === 0 ? (
        <div className="tb-online-users__empty" role="status">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path
              d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0-1.6a2.4 2.4 0 1 1 0-4.8 2.4 2.4 0 0 1 0 4.8ZM2 20c0-3.3 3.1-6 7-6s7 2.7 7 6h-1.6c0-2.3-2.4-4.4-5.4-4.4S3.6 17.7 3.6 20H2Zm14.5-9.2a3.2 3.2 0 1 0-1.1-6.2 5.4 5.4 0 0 1 .7 1.6 1.6 1.6 0 1 1 .4 3 5.4 5.4 0 0 1-.9 1.4c.3.1.6.2.9.2Zm1.6 3.7c2.2.6 3.9 2.5 3.9 4.7h-1.6c0-1.3-1-2.5-2.4-3.1a6.6 6.6 0 0 0 .1-1.6Z"
              fill="currentColor"
            />
          </svg>
          <p className="tb-online-users__empty-title">*No one is Online.</p>
          <p className="tb-online-users__empty-hint">
            People show up here while they are signed in, ready to invite.
          </p>
        </div>
      ) : (
        <ul className="tb-online-users__list" aria-label="Online users">
          {users.map((user) => (
            <li key={user.id} className="tb-online-users__row">
              <span className="tb-online-users__who">
                <Avatar name={user.username} src={user.profilePhoto} size={32} />
                <span className="tb-online-users__name">{user.username}</span>
              </span>
              {renderAction(user)}
            </li>
          ))}
        </ul>
      )}
      {!offline && footer}
    </Modal>
  );
}
