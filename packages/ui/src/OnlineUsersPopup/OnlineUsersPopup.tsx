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
}

/** 'All Online Users': one row per user with an action; the list scrolls beyond 24rem. */
export function OnlineUsersPopup({ open, users, onClose, renderAction }: OnlineUsersPopupProps) {
  return (
    <Modal open={open} title="All Online Users" onClose={onClose} className="tb-online-users">
      {users.length === 0 ? (
        <p className="tb-empty">*No one is Online.</p>
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
    </Modal>
  );
}
