import type { Preview } from '@storybook/react-vite';
import '@tabula/ui/styles.css';

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

// Excalidraw loads its fonts from here (copied by main.ts `staticDirs`), not from a CDN.
window.EXCALIDRAW_ASSET_PATH = new URL('excalidraw-assets/', document.baseURI).href;

const preview: Preview = {
  // Every component gets a docs page: its description, props table and stories.
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
  },
};

export default preview;
