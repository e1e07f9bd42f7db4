// `npm start`: sets up a fresh clone (npm ci when needed), builds the web app and the widget,
// then runs the server with the embedded defaults (SQLite under ./data, in-memory read models).
import { execSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './setup.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureNodeModules();
execSync('npx turbo run build --filter=@tabula/web...', { cwd: root, stdio: 'inherit' });
const server = spawn('npx', ['tsx', 'src/main.ts'], {
  cwd: `${root}apps/server`,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
