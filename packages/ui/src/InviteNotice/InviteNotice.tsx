import { Avatar } from '../Avatar/Avatar';
import { Spinner } from '../Spinner/Spinner';

/** Props of {@link InviteNotice}. */
export interface InviteNoticeProps {
  /** Whether the notice is on screen. */
  show: boolean;
  /** Username of the inviting admin. */
  username: string;
  /** Name of the canvas the user is invited to. */
  canvasName: string;
  /** Photo URL of the inviting admin. */
  adminProfilePhoto?: string | null;
  onAccept: () => void;
  onDismiss: () => void;
  /** While true (accepting), the buttons are disabled and Accept shows a loader. */
  busy?: boolean;
}

/**
 * The invitation card of the shared layout: who invites you to which canvas, Accept or Dismiss.
 * It does not position itself: put it in the layout's fixed toast area.
 */
export function InviteNotice({
  show,
  username,
  canvasName,
  adminProfilePhoto,
  onAccept,
  onDismiss,
  busy = false,
}: InviteNoticeProps) {
  if (!show) return null;
  return (
    <section className="tb-invite" role="dialog" aria-labelledby="tb-invite-title">
      <Avatar name={username} src={adminProfilePhoto} size={44} />
      <div className="tb-invite__body">
        <h2 id="tb-invite-title" className="tb-invite__title">
          Invitation to collaborate
        </h2>
        <p className="tb-invite__text">
          <strong>{username}</strong> invited you to the live canvas <strong>{canvasName}</strong>.
        </p>
        <div className="tb-invite__actions">
          <button
            type="button"
            className="tb-button tb-button--primary"
            disabled={busy}
            onClick={onAccept}
          >
            {busy && <Spinner size={14} label="Joining" />}
            Accept
          </button>
          <button
            type="button"
            className="tb-button tb-button--ghost"
            disabled={busy}
            onClick={onDismiss}
          >
            Dismiss
          </button>
        </div>
      </div>
    </section>
  );
}
