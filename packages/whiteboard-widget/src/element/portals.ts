/**
 * Excalidraw renders its dialogs (help, export, …) into a `div.excalidraw-modal-container` it
 * appends to `document.body`, outside any shadow root: unstyled there, and styled by the page.
 * Each board's shadow root takes such a container back: the one the user last pointed at,
 * typed in or focused (a dialog opens from a click or a key in its board). Moved before the
 * browser paints (a mutation observer runs before the next frame); focus inside it is kept.
 */

const MODAL_CONTAINER = 'excalidraw-modal-container';

const roots = new Set<ShadowRoot>();
let active: ShadowRoot | null = null;
let observer: MutationObserver | null = null;

function adopt(node: Node): void {
  if (!(node instanceof HTMLElement) || !node.classList.contains(MODAL_CONTAINER)) return;
  const root = active && roots.has(active) ? active : [...roots][0];
  if (!root) return;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const target = root.querySelector('.tabula-element-root') ?? root;
  target.appendChild(node);
  if (focused && node.contains(focused)) focused.focus();
}

function watchBody(): void {
  if (observer) return;
  observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) adopt(node);
  });
  observer.observe(document.body, { childList: true });
}

/**
 * Lets `root` take Excalidraw's dialogs once it is the board in use; returns how to stop (the
 * element was removed).
 */
export function keepDialogsInside(host: HTMLElement, root: ShadowRoot): () => void {
  roots.add(root);
  watchBody();
  const markActive = () => {
    active = root;
  };
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  for (const type of events) host.addEventListener(type, markActive, { capture: true });
  return () => {
    for (const type of events) host.removeEventListener(type, markActive, { capture: true });
    roots.delete(root);
    if (active === root) active = null;
    if (roots.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}
