import { Spinner } from '../Spinner/Spinner';

/** Props of {@link ModalActions}. */
export interface ModalActionsProps {
  /** The label of the button that goes ahead ('Restore', 'Save name'). */
  confirmLabel: string;
  /** Read by screen readers on the spinner while busy ('Restoring'). */
  busyLabel: string;
  onCancel: () => void;
  /** Without it the confirming button submits its form. */
  onConfirm?: () => void;
  /** While true the confirming button shows a loader and both buttons are disabled. */
  busy?: boolean;
  /** The confirming button is disabled (e.g. an empty field). */
  confirmDisabled?: boolean;
  tone?: 'danger' | 'primary';
  /** A refusal shown above the buttons (role=alert). */
  error?: string | null;
}

/** A dialog's closing row: an optional error, Cancel and one confirming button. */
export function ModalActions({
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
  busy = false,
  confirmDisabled = false,
  tone = 'primary',
  error = null,
}: ModalActionsProps) {
  return (
    <>
      {error && (
        <p className="tb-modal__error" role="alert">
          {error}
        </p>
      )}
      <div className="tb-modal__actions">
        <button
          type="button"
          className="tb-button tb-button--ghost"
          disabled={busy}
          onClick={onCancel}
        >
          Cancel
        </button>
        <button
          type={onConfirm ? 'button' : 'submit'}
          className={`tb-button tb-button--${tone}`}
          disabled={busy || confirmDisabled}
          onClick={onConfirm}
        >
          {busy && <Spinner size={14} label={busyLabel} />}
          {confirmLabel}
        </button>
      </div>
    </>
  );
}
