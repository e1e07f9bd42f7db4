// Vitest global setup: make sure storybook-static is a build of the current sources. A build that
// is newer than every story source and config file is reused; set STORYBOOK_REBUILD=1 to force.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const storybookDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the static catalogue is built. */
export const STATIC_DIR = join(storybookDir, 'storybook-static');
const SOURCES = [
  join(storybookDir, '.storybook'),
  join(storybookDir, '../packages/ui/src'),
  join(storybookDir, '../packages/whiteboard-widget/src'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The storybook CLI script, found like Node finds packages: up the node_modules chain. */
function storybookCli(): string {
  for (let dir = storybookDir; ; dir = dirname(dir)) {
    const pkg = join(dir, 'node_modules/storybook/package.json');
    if (existsSync(pkg)) {
      const { bin } = JSON.parse(readFileSync(pkg, 'utf8')) as {
        bin: string | Record<string, string>;
      };
      const script = typeof bin === 'string' ? bin : (bin.storybook ?? Object.values(bin)[0]!);
      return join(dirname(pkg), script);
    }
    if (dirname(dir) === dir) throw new Error('The storybook package is not installed');
  }
}

function isFresh(): boolean {
  const index = join(STATIC_DIR, 'index.json');
  if (process.env.STORYBOOK_REBUILD === '1' || !existsSync(index)) return false;
  const builtAt = statSync(index).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) < builtAt);
}

/**
 * Builds the preview only (no manager UI): about 45 s on two cores. Not in `--test` mode, which
 * would leave out the docs pages the tests open too.
 */
export default function setup(): void {
  if (isFresh()) {
    console.info('[storybook] storybook-static is up to date, reusing it');
    return;
  }
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [storybookCli(), 'build', '--preview-only', '--quiet', '--disable-telemetry', '-o', STATIC_DIR],
    {
      cwd: storybookDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: 'true' },
    },
  );
  if (result.status !== 0) {
    throw new Error(
      `storybook build failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`[storybook] built storybook-static in ${seconds} s`);
}
