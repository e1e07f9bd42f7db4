/**
 * Excalidraw closes its menus, context menu and text editor on a `pointerdown` it hears at the
 * document ("a press outside"), judging by `event.target`. From a shadow root the document sees
 * the host element as the target, so a press on a menu item counted as outside and closed the
 * menu before its click. For presses on Excalidraw's menus, popovers and panels inside a board,
 * listeners outside the board are shown the element pressed (this event's `target`, on the
 * event itself); any other press in the board stays a press on the host, so it still closes
 * what is open, as a press on the canvas does without a shadow root.
 */

const INSIDE_A_MENU = [
  '.dropdown-menu',
  '.popover',
  '.context-menu',
  '.Modal',
  '.App-menu__left',
  '[data-prevent-outside-click]',
  '[data-radix-popper-content-wrapper]',
].join(', ');

const EVENTS = ['pointerdown', 'mousedown', 'touchstart'] as const;

const boards = new Set<ShadowRoot>();
let listening = false;

function retarget(event: Event): void {
  const pressed = event.composedPath()[0];
  if (!(pressed instanceof Element)) return;
  const root = pressed.getRootNode();
  if (!(root instanceof ShadowRoot) || !boards.has(root)) return;
  if (!pressed.closest(INSIDE_A_MENU)) return;
  Object.defineProperty(event, 'target', { configurable: true, get: () => pressed });
}

/** Shows document listeners the element pressed in `root`'s menus; returns how to stop. */
export function retargetMenuPresses(root: ShadowRoot): () => void {
  boards.add(root);
  if (!listening) {
    listening = true;
    // Capture on window: before any listener on the document or below it.
    for (const type of EVENTS) window.addEventListener(type, retarget, { capture: true });
  }
  return () => {
    boards.delete(root);
  };
}
