/**
 * What the configuration names, checked where it can only be checked by using it: the
 * directories (`DATA_DIR` made ready, `WEB_DIST` a built app) before anything opens them, and
 * the address the server could not listen on, as the setting to fix.
 */
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './configValues';
import { DATA_DIR_MODE } from './infrastructure/dataFiles';

/**
 * The repository's root, the base of the default `DATA_DIR` and `WEB_DIST`: the nearest
 * directory above `moduleUrl` whose package.json lists workspaces. The same from the sources
 * (tsx) and from the built `dist/`, whatever file of either asks; the working directory when
 * none is found (an install without the repository).
 */
export function findRepoRoot(moduleUrl: string): string {
  for (let dir = path.dirname(fileURLToPath(moduleUrl)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8')))
      return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

function statOf(file: string, variable: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new ConfigError(variable, `${file}: a part of it is a file`);
    throw new ConfigError(variable, `cannot read ${file} (${code ?? String(error)})`);
  }
}

/**
 * `DATA_DIR` made ready: a directory this process can write in, created (0700, each missing
 * level) when absent. Levels are created one at a time: a recursive mkdir under /proc never
 * returns (Node 20–24), which left the server hanging without a word.
 */
export function prepareDataDir(dataDir: string): void {
  const missing: string[] = [];
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    const stat = statOf(dir, 'DATA_DIR');
    if (stat) {
      if (!stat.isDirectory()) {
        const what = dir === dataDir ? dir : `${dir}, in ${dataDir},`;
        throw new ConfigError('DATA_DIR', `${what} is not a directory`);
      }
      break;
    }
    missing.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir, { mode: DATA_DIR_MODE });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError('DATA_DIR', `cannot create ${dataDir} (${code} at ${dir})`);
    }
  }
  // A file written and removed: the one check that also holds for root and read-only mounts.
  const probe = path.join(dataDir, `.tabula-write-check-${process.pid}`);
  try {
    accessSync(dataDir, constants.W_OK | constants.X_OK);
    closeSync(openSync(probe, 'wx', 0o600));
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError('DATA_DIR', `${dataDir} is not writable by this user (${code})`);
  }
}

/** The directories the configuration names, checked before anything opens them. */
export function checkDirectories(config: { dataDir: string; webDist?: string }): void {
  prepareDataDir(config.dataDir);
  if (config.webDist) {
    const stat = statOf(config.webDist, 'WEB_DIST');
    if (!stat?.isDirectory() || !existsSync(path.join(config.webDist, 'index.html'))) {
      throw new ConfigError(
        'WEB_DIST',
        `${config.webDist} is not a built web app (no index.html): build it with ` +
          '`npm run build -w @tabula/web`, or unset WEB_DIST',
      );
    }
  }
}

/**
 * Why the server could not listen, as a setting to fix: the port taken or not allowed (`PORT`),
 * or an address this machine does not have or cannot resolve (`HOST`). Undefined for anything
 * else.
 */
export function listenError(
  error: unknown,
  config: { host: string; port: number },
): ConfigError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new ConfigError('PORT', `port ${config.port} on ${config.host} is already in use`);
    case 'EACCES':
      return new ConfigError(
        'PORT',
        `port ${config.port} needs privileges this user does not have (use 1024 or above)`,
      );
    case 'EADDRNOTAVAIL':
      return new ConfigError('HOST', `${config.host} is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new ConfigError('HOST', `cannot resolve '${config.host}' (${code})`);
    default:
      return undefined;
  }
}
