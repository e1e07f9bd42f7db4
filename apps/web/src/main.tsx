import '@tabula/ui/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createServices } from './app/services';
import { serveExcalidrawAssetsFromOrigin } from './app/excalidrawAssets';

serveExcalidrawAssetsFromOrigin();

const root = document.getElementById('root');
if (!root) throw new Error('index.html needs a #root element');

// Same origin: the server serves this app, the REST API and Socket.IO together.
const services = createServices({ storage: window.localStorage });

createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
