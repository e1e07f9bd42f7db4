import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, createServer } from 'vite';
import { copyExcalidrawFonts } from '../../cli/fonts';
import { startStaticServer } from '../../test/harnessServer';

/** The replay harness page, served on 127.0.0.1 with Excalidraw's fonts self-hosted. */
export interface ReplayHarness {
  url: string;
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('./harness/', import.meta.url));

/** A folder holding `excalidraw-assets/fonts` (Vite's public dir). */
function fontsDir(): string {
  const assets = mkdtempSync(join(tmpdir(), 'tabula-replay-public-'));
  copyExcalidrawFonts(join(assets, 'excalidraw-assets'));
  return assets;
}

/** The harness from sources, through Vite's dev server (development builds of React and Excalidraw). */
export async function startReplayHarness(): Promise<ReplayHarness> {
  const assets = fontsDir();
  const vite = await createServer({
    configFile: false,
    root: ROOT,
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

/** The harness as a production build (what a host ships), served statically. */
export async function startBuiltReplayHarness(): Promise<ReplayHarness> {
  const assets = fontsDir();
  const out = mkdtempSync(join(tmpdir(), 'tabula-replay-build-'));
  await build({
    configFile: false,
    root: ROOT,
    publicDir: assets,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir: join(out, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  const server = await startStaticServer(out);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(assets, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    },
  };
}
