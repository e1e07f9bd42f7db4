import type { ReactNode } from 'react';
import { Modal } from '../Modal/Modal';
import { ModalActions } from '../shared/ModalActions';

/** Props of {@link ConfirmPopup}. */
export interface ConfirmPopupProps {
  open: boolean;
  /** The dialog's heading and accessible name. */
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The label of the button that goes ahead (e.g. 'Delete', 'Restore'). */
  confirmLabel: string;
  /** Read by screen readers on the spinner while busy (e.g. 'Deleting'). */
  busyLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape, the backdrop and × all call it. */
  onCancel: () => void;
  /** While true the confirm button shows a loader and both buttons are disabled. */
  busy?: boolean;
  /** A refusal to show above the buttons (role=alert). */
  error?: string | null;
  /** 'danger' (red, the default) for what cannot be undone, 'primary' otherwise. */
  tone?: 'danger' | 'primary';
  className?: string;
}

/** A yes/no question in a {@link Modal}: Cancel and one confirming button. */
export function ConfirmPopup({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  onConfirm,
  onCancel,
  busy = false,
  error = null,
  tone = 'danger',
  className,
}: ConfirmPopupProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel} className={className}>
      <p className="tb-modal__text">{children}</p>
      <ModalActions
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        onConfirm={onConfirm}
        onCancel={onCancel}
        busy={busy}
        tone={tone}
        error={error}
      />
    </Modal>
  );
}
