/**
 * The script-tag build's entry (`/embed/v1/tabula.js` on every Tabula server): defines
 * `<tabula-whiteboard>` and `<tabula-replay>`. Everything it needs (React, Excalidraw, the
 * engine, styles, fonts) is beside this module; the fonts are found from its own URL.
 */
import { setElementAssetBase } from '../element/assetBase';

setElementAssetBase(new URL(/* @vite-ignore */ './', import.meta.url).href);

export {
  TabulaReplayElement,
  TabulaWhiteboardElement,
  defineTabulaElements,
  setElementAssetBase,
} from '../element/index';
export type {
  WhiteboardChangeDetail,
  WhiteboardElementStatus,
  WhiteboardErrorDetail,
  WhiteboardStatusDetail,
} from '../element/index';
