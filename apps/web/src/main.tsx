import '@tabula/ui/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createServices } from './app/services';
import { serveExcalidrawAssetsFromOrigin } from './app/excalidrawAssets';
import { registerAppServiceWorker } from './app/serviceWorker';
import { UpdatePrompt } from './app/UpdatePrompt';

serveExcalidrawAssetsFromOrigin();

const root = document.getElementById('root');
if (!root) throw new Error('index.html needs a #root element');

// Same origin: the server serves this app, the REST API and Socket.IO together.
const services = createServices({ storage: window.localStorage });
// The app shell works offline; a new version waits for the user (docs/offline.md).
const appUpdate = registerAppServiceWorker();

createRoot(root).render(
  <StrictMode>
    <App services={services} />
    <UpdatePrompt update={appUpdate} />
  </StrictMode>,
);
