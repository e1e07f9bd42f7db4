import { ConfirmPopup } from '../ConfirmPopup/ConfirmPopup';

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
    <ConfirmPopup
      open={open}
      title="Delete Canvas"
      confirmLabel="Delete"
      busyLabel="Deleting"
      onConfirm={onDelete}
      onCancel={onCancel}
      busy={busy}
      className="tb-delete-popup"
    >
      Are you sure you want to delete your canvas? All of your data will be permanently removed.
      This action cannot be undone.
    </ConfirmPopup>
  );
}
