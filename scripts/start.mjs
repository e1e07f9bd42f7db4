// The set-up half of `npm start`: sets up a fresh clone (npm ci when needed) and builds what is
// missing or out of date (turbo's cache): the server to apps/server/dist and, unless WEB_DIST
// points elsewhere, the web app and the widget. Then it exits and package.json's `start`
// `exec`s `node apps/server/dist/main.js` in its place: one process, no wrapper, which
// handles SIGTERM and SIGINT itself (a service manager's stop reaches the server).
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './setup.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureNodeModules();
const filters = ['--filter=@tabula/server...'];
if (!process.env.WEB_DIST) filters.push('--filter=@tabula/web...');
execSync(`npx turbo run build ${filters.join(' ')}`, { cwd: root, stdio: 'inherit' });
