import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's folder (this file is src/test/packageBuild.ts). */
export const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The last file `npm run build` writes: the embed build's entry. */
export const EMBED_DIR = join(PACKAGE_DIR, 'dist/embed/v1');
const LAST_OUTPUT = join(EMBED_DIR, 'tabula.js');
const INPUTS = ['src', 'package.json', 'tsdown.config.ts', 'vite.embed.config.ts'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * Builds the package (`npm run build`: tsdown, then the embed build) unless dist is newer than
 * every source and config file, so the tests that load the built files never test a stale one.
 */
export function ensurePackageBuilt(): void {
  const built = existsSync(LAST_OUTPUT) ? statSync(LAST_OUTPUT).mtimeMs : 0;
  const changed = Math.max(...INPUTS.map((input) => newestChange(join(PACKAGE_DIR, input))));
  if (built > changed) return;
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: PACKAGE_DIR,
    stdio: 'inherit',
    timeout: 600_000,
  });
}
