import { Modal } from '../Modal/Modal';
import { Spinner } from '../Spinner/Spinner';

/** Props of {@link DeletePopup}. */
export interface DeletePopupProps {
  open: boolean;
  onDelete: () => void;
  /** Cancel, Escape, the backdrop and × all call it. */
  onCancel: () => void;
  /** While true (deleting), Delete shows a loader and both buttons are disabled. */
  busy?: boolean;
}

/** The spec's 'Delete Canvas' confirmation, with Delete and Cancel (200 ms animation). */
export function DeletePopup({ open, onDelete, onCancel, busy = false }: DeletePopupProps) {
  return (
    <Modal open={open} title="Delete Canvas" onClose={onCancel} className="tb-delete-popup">
      <p className="tb-modal__text">
        Are you sure you want to delete your canvas? All of your data will be permanently removed.
        This action cannot be undone.
      </p>
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
          type="button"
          className="tb-button tb-button--danger"
          disabled={busy}
          onClick={onDelete}
        >
          {busy && <Spinner size={14} label="Deleting" />}
          Delete
        </button>
      </div>
    </Modal>
  );
}
