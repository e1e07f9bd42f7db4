import { useId, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { cx } from '../shared/cx';
import { focusableIn, openModal } from './dialogFocus';

/** Props of {@link Modal}. */
export interface ModalProps {
  open: boolean;
  /** Heading of the dialog; also its accessible name. */
  title: string;
  /** Escape, the backdrop and the close button call it. */
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog. */
  className?: string;
  /** Show a × button in the corner (default true). */
  closeButton?: boolean;
}

/**
 * A centred dialog over a dimmed backdrop, opening with the spec's 200 ms popup animation. It is
 * a native `<dialog>` opened with `showModal()`: the page behind is inert. Focus moves to the
 * first field or button when it opens, Tab and Shift+Tab cycle inside it, Escape closes it, and
 * focus goes back to the control that opened it when it closes.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  className,
  closeButton = true,
}: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  // Before paint, so the dialog never shows as a non-modal box first.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element) return undefined;
    return openModal(element);
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Ours to close: the parent owns `open`, so the browser must not close it behind React.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      cycleFocus(event);
    }
  };
  // Other close requests (a phone's back gesture) reach the dialog as `cancel`.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // The panel fills the dialog: a press on the dialog itself is one on its backdrop. Its default
  // (focusing what was pressed, gone once closed) would take focus from the opener again.
  const onBackdropPress = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={cx('tb-modal', className)}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onMouseDown={onBackdropPress}
    >
      <div className="tb-modal__panel">
        <div className="tb-modal__header">
          <h2 id={titleId} className="tb-modal__title">
            {title}
          </h2>
          {closeButton && (
            <button
              type="button"
              className="tb-icon-button"
              aria-label="Close"
              data-modal-close=""
              onClick={onClose}
            >
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function cycleFocus(event: KeyboardEvent<HTMLDialogElement>): void {
  const controls = focusableIn(event.currentTarget);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !controls.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
