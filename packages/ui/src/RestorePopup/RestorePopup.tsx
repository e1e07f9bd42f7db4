import { ConfirmPopup } from '../ConfirmPopup/ConfirmPopup';

/** Props of {@link RestorePopup}. */
export interface RestorePopupProps {
  open: boolean;
  /** The revision the canvas would go back to. */
  revision: number;
  /** When that version was made, as the user reads it (e.g. '23 Nov 2026, 10:15'). */
  when?: string;
  onRestore: () => void;
  /** Cancel, Escape, the backdrop and × all call it. */
  onCancel: () => void;
  /** While true (restoring), Restore shows a loader and both buttons are disabled. */
  busy?: boolean;
  /** Why the last try failed (the server's message). */
  error?: string | null;
}

/**
 * Asks before a canvas goes back to an earlier version. Restoring adds a step to the history
 * (nothing is lost), so the button is the primary colour rather than the danger red.
 */
export function RestorePopup({
  open,
  revision,
  when,
  onRestore,
  onCancel,
  busy = false,
  error = null,
}: RestorePopupProps) {
  const version = when ? `revision ${revision} (${when})` : `revision ${revision}`;
  return (
    <ConfirmPopup
      open={open}
      title="Restore this version?"
      confirmLabel="Restore"
      busyLabel="Restoring"
      onConfirm={onRestore}
      onCancel={onCancel}
      busy={busy}
      error={error}
      tone="primary"
      className="tb-restore-popup"
    >
      The canvas will look as it did at {version}, for everyone who has it open. The current drawing
      stays in the history, so you can come back to it later.
    </ConfirmPopup>
  );
}
