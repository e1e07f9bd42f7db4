import { backdropLabel } from './backdrop';
import type { Backdrop } from './backdrop';

/** Props of `BackdropButton`. */
export interface BackdropButtonProps {
  backdrop: Backdrop;
  onClick: () => void;
}

/** The spec's background-colour button: shows the current backdrop, a click moves to the next. */
export function BackdropButton({ backdrop, onClick }: BackdropButtonProps) {
  return (
    <button
      type="button"
      className="tabula-backdrop-button"
      data-testid="tabula-backdrop-button"
      data-backdrop={backdrop}
      title={`Backdrop: ${backdropLabel(backdrop)}`}
      aria-label={`Change backdrop (now ${backdropLabel(backdrop)})`}
      onClick={onClick}
    >
      <span
        className="tabula-backdrop-swatch"
        style={{ background: backdrop }}
        aria-hidden="true"
      />
    </button>
  );
}
