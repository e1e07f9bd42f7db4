/** What Tab can reach inside a dialog, in document order. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Where focus starts: the first field or action, not the corner's close button. */
const FIRST_FOCUS =
  'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]):not([data-modal-close]), a[href], [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/**
 * Opens `dialog` as a modal (`showModal()`: the page behind turns inert) and moves focus into
 * it; the returned function closes it and gives focus back to what had it before. An engine
 * without `showModal` (old browsers, jsdom) gets an open dialog, still announced as modal and
 * still cycling Tab inside it (`Modal`).
 */
export function openModal(dialog: HTMLDialogElement): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (typeof dialog.showModal === 'function') {
    if (!dialog.open) dialog.showModal();
  } else {
    dialog.setAttribute('open', '');
  }
  const first = dialog.querySelector<HTMLElement>(FIRST_FOCUS) ?? focusableIn(dialog)[0];
  (first ?? dialog).focus();
  return () => {
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
    if (opener?.isConnected) opener.focus();
  };
}
