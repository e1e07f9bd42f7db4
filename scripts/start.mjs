// The set-up half of `npm start`: sets up a fresh clone (npm ci when needed) and builds what is
// missing or out of date (turbo's cache): the server to apps/server/dist and, unless WEB_DIST
// points elsewhere, the web app and the widget. Then it exits and package.json's `start`
// `exec`s `node apps/server/dist/main.js` in its place: one process, no wrapper, which
// handles SIGTERM and SIGINT itself (a service manager's stop reaches the server).
//
// Quiet when nothing changed: turbo's output is kept, not shown (a warm start used to replay
// about 250 lines of cached build logs before the server's own line). What does get built is
// named, one line a task, with the time it took; a failed build prints turbo's whole output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './setup.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureNodeModules();
const filters = ['--filter=@tabula/server...'];
if (!process.env.WEB_DIST) filters.push('--filter=@tabula/web...');

const started = Date.now();
const turbo = spawn('npx', ['turbo', 'run', 'build', ...filters, '--output-logs=new-only'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
let built = 0;
const collect = (chunk) => {
  const text = chunk.toString();
  output += text;
  for (const [, task] of text.matchAll(/^(\S+:build): cache miss, executing/gm)) {
    built += 1;
    process.stdout.write(`Building ${task.replace(/:build$/, '')}…\n`);
  }
};
turbo.stdout.on('data', collect);
turbo.stderr.on('data', collect);
turbo.on('close', (code) => {
  if (code !== 0) {
    process.stderr.write(`${output}\nThe build failed (turbo exit code ${code}).\n`);
    process.exit(code ?? 1);
  }
  if (built) console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
});
