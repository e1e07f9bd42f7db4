/**
 * `@tabula/whiteboard/element`: `<tabula-whiteboard>` and `<tabula-replay>` for any page, with
 * or without a framework. Importing this module defines both (once; an element name already
 * taken is left alone). The board renders in a shadow root with Excalidraw's styles adopted
 * there; React and Excalidraw load when the first element connects.
 */
import { TabulaReplayElement } from './TabulaReplayElement';
import { TabulaWhiteboardElement } from './TabulaWhiteboardElement';

export { TabulaReplayElement, TabulaWhiteboardElement };
export { setElementAssetBase } from './assetBase';
export type { TabulaWhiteboardEventMap } from './TabulaWhiteboardElement';
export type {
  WhiteboardChangeDetail,
  WhiteboardElementStatus,
  WhiteboardErrorDetail,
  WhiteboardStatusDetail,
} from './elementTypes';

/** Defines the elements under their names (what importing this module already does). */
export function defineTabulaElements(): void {
  if (typeof customElements === 'undefined') return;
  if (!customElements.get('tabula-whiteboard')) {
    customElements.define('tabula-whiteboard', TabulaWhiteboardElement);
  }
  if (!customElements.get('tabula-replay')) {
    customElements.define('tabula-replay', TabulaReplayElement);
  }
}

defineTabulaElements();

declare global {
  interface HTMLElementTagNameMap {
    'tabula-whiteboard': TabulaWhiteboardElement;
    'tabula-replay': TabulaReplayElement;
  }
}
