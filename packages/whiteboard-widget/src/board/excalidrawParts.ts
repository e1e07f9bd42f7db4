/**
 * Everything of the board that needs Excalidraw's code, in one module the widget imports only on
 * the client (`loadExcalidraw`): Excalidraw reads `window` and `document` as it loads, so the
 * main entry never imports it and stays importable during server-side rendering.
 */
export {
  CaptureUpdateAction,
  Excalidraw,
  exportToBlob,
  exportToSvg,
  getFreeDrawSvgPath,
} from '@excalidraw/excalidraw';
export { TabulaMainMenu } from '../export/TabulaMainMenu';
