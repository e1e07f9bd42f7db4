import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { copyExcalidrawFonts } from '../../cli/fonts';

/** The replay harness page, served by Vite on 127.0.0.1 with Excalidraw's fonts self-hosted. */
export interface ReplayHarness {
  url: string;
  close(): Promise<void>;
}

export async function startReplayHarness(): Promise<ReplayHarness> {
  const assets = mkdtempSync(join(tmpdir(), 'tabula-replay-public-'));
  copyExcalidrawFonts(join(assets, 'excalidraw-assets'));
  const vite = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('./harness/', import.meta.url)),
    publicDir: assets,
    cacheDir: join(tmpdir(), 'tabula-replay-harness-vite'),
    logLevel: 'warn',
    plugins: [react()],
    server: { host: '127.0.0.1', port: 0, hmr: false, ws: false },
  });
  await vite.listen();
  const port = (vite.httpServer?.address() as { port?: number } | null)?.port;
  if (!port) throw new Error('The replay harness has no port.');
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await vite.close();
      rmSync(assets, { recursive: true, force: true });
    },
  };
}
