import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../shared/cx';

/** Props of {@link Modal}. */
export interface ModalProps {
  open: boolean;
  /** Heading of the dialog; also its accessible name. */
  title: string;
  /** Escape, the backdrop and the close button call it. */
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog panel. */
  className?: string;
  /** Show a × button in the corner (default true). */
  closeButton?: boolean;
}

/**
 * A centred dialog over a dimmed backdrop, opening with the spec's 200 ms popup animation.
 * Focus moves into the dialog when it opens and back where it was when it closes.
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
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input, button:not([data-modal-close]), [href], [tabindex]:not([tabindex="-1"])',
    );
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="tb-modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={cx('tb-modal__panel', className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
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
    </div>
  );
}
