import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
const script = fileURLToPath(new URL('./test/renderOnServer.mjs', import.meta.url));

/**
 * The main entry is importable during server-side rendering: Excalidraw (which reads `window`
 * as it loads and does not load under Node's own module resolution) is imported only on the
 * client, so a server render gives the board's loading state.
 */
describe('@tabula/whiteboard on a server', () => {
  it('renders <Whiteboard> to a string in Node, without a DOM, as its loading state', async () => {
    expect(typeof window).toBe('undefined');
    const { Whiteboard } = await import('./index');
    const html = renderToString(<Whiteboard initialElements={[]} />);
    expect(html).toContain('class="tabula-whiteboard"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Opening the canvas');
    expect(html).not.toContain('excalidraw');
  });

  it('imports and renders in a plain Node process (Node resolves every import itself)', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, entry], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string; message: string }) => {
      // Excalidraw's minified bundle fills stderr: its last lines name the failure.
      throw new Error(`${error.message.split('\n')[0]}\n${error.stderr?.slice(-2000) ?? ''}`);
    });
    const { html, hasWindow } = JSON.parse(stdout) as { html: string; hasWindow: boolean };
    expect(hasWindow).toBe(false);
    expect(html).toContain('Opening the canvas');
    expect(html).toContain('tabula-connection-badge');
  });
});
