import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Excalidraw's fonts, served at /excalidraw-assets/fonts so the widget's stories never fetch them
 * from esm.sh (preview.ts points `EXCALIDRAW_ASSET_PATH` there).
 */
function excalidrawFonts(): { from: string; to: string }[] {
  try {
    const entry = createRequire(import.meta.url).resolve('@excalidraw/excalidraw');
    const fonts = join(dirname(entry), 'fonts');
    return existsSync(fonts) ? [{ from: fonts, to: '/excalidraw-assets/fonts' }] : [];
  } catch {
    return [];
  }
}

// The catalogue of the presentational components (packages/ui) and the whiteboard widget.
// A pattern that matches nothing (the widget before it has stories) only logs a warning.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    { directory: '../../packages/ui/src', files: '**/*.stories.tsx', titlePrefix: 'UI' },
    {
      directory: '../../packages/whiteboard-widget/src',
      files: '**/*.stories.tsx',
      titlePrefix: 'Whiteboard',
    },
  ],
  staticDirs: excalidrawFonts(),
  // Docs: a page per component (preview.ts tags every story `autodocs`), its props read by
  // react-docgen from the component's TypeScript.
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
