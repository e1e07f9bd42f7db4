import { cx } from '../shared/cx';

/** 'invite' (ready), 'countdown' (invited, cooling down), 'remove' (already a collaborator). */
export type InviteStatus = 'invite' | 'countdown' | 'remove';

/** Props of {@link InviteButton}. */
export interface InviteButtonProps {
  status: InviteStatus;
  /** Seconds left of the 10-second cooldown; shown while status is 'countdown'. */
  secondsLeft?: number;
  onInvite: () => void;
  onRemove: () => void;
  /** Disable the button (for example while a remove is in flight). */
  disabled?: boolean;
}

/**
 * The per-user button of the online-users popup: 'Invite', then the cooldown's seconds
 * ('10s', '9s', …, disabled), or 'Remove' for a current collaborator. The countdown itself runs
 * in the container's machine.
 */
export function InviteButton({
  status,
  secondsLeft = 0,
  onInvite,
  onRemove,
  disabled,
}: InviteButtonProps) {
  if (status === 'remove') {
    return (
      <button
        type="button"
        className="tb-button tb-button--danger-soft tb-button--small"
        disabled={disabled}
        onClick={onRemove}
      >
        Remove
      </button>
    );
  }
  const counting = status === 'countdown';
  return (
    <button
      type="button"
      className={cx(
        'tb-button tb-button--small',
        counting ? 'tb-button--muted' : 'tb-button--primary',
      )}
      disabled={disabled || counting}
      onClick={onInvite}
      aria-live="polite"
      title={counting ? `You can invite again in ${secondsLeft} seconds` : undefined}
    >
      {counting ? `${secondsLeft}s` : 'Invite'}
    </button>
  );
}
