// A page with no framework, bundled by Vite: the element from npm, set up by script.
import '@tabula/whiteboard/element';

window.EXCALIDRAW_ASSET_PATH = new URL('./excalidraw-assets/', window.location.href).href;
const params = new URLSearchParams(window.location.search);
const board = document.querySelector('tabula-whiteboard')!;
const show = (id: string, text: string) => {
  document.querySelector(`[data-testid="${id}"]`)!.textContent = text;
};
board.addEventListener('status', (event) => show('status', event.detail.status));
board.addEventListener('change', (event) => show('count', String(event.detail.elements.length)));
board.addEventListener('error', (event) => show('error', event.detail.message));
board.server = params.get('server');
board.canvas = params.get('canvas');
board.token = params.get('token');
