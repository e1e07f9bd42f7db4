// The board benchmark's baseline: Excalidraw alone, as any app embedding it would load a
// scene, with the scene's JSON (`/scenes/<name>.json`, `?scene=<name>`) as its initial data
// and nothing else: no collaboration, no app around it. The editor is `?w=` × `?h=` pixels
// (the app's board area, so both show as much of the scene) and opens on the scene's middle.
// How many elements its last report (`onChange`, after a render) held is
// `window.__plainReported`, for the page meter.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Excalidraw } from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';

const query = new URLSearchParams(location.search);
const initialData = fetch(`/scenes/${query.get('scene')}.json`)
  .then((response) => response.json())
  .then((elements) => ({ elements, scrollToContent: true }));

const root = document.getElementById('root');
root.style.width = `${query.get('w') ?? 1280}px`;
root.style.height = `${query.get('h') ?? 800}px`;
createRoot(root).render(
  createElement(Excalidraw, {
    initialData,
    onChange: (elements) => {
      window.__plainReported = elements.length;
    },
  }),
);
