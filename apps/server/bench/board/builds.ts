/**
 * What the board benchmark runs on, built first when missing or older than its sources: the
 * widget and the web app the server serves (`apps/web/dist`), and the plain Excalidraw page
 * (`plain/dist`). Build output goes to stderr, never into the report. BENCH_BOARD_BUILD=missing
 * builds the web app only when it is missing (for a run against a build made on purpose).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const at = (...parts: string[]) => path.join(repository, ...parts);

export const WEB_DIST = at('apps/web/dist');
export const PLAIN_ROOT = fileURLToPath(new URL('./plain', import.meta.url));
export const PLAIN_DIST = path.join(PLAIN_ROOT, 'dist');

/** The sources the built web app is made of (their newest change dates the build needed). */
const WEB_SOURCES = [
  'packages/whiteboard-widget/src',
  'packages/domain/src',
  'packages/ui/src',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];

/** The newest modification time of a file or of any file under a folder (0 when absent). */
function newest(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(file)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(file, entry)));
  }
  return latest;
}

/** True when `built` is missing, or (unless `onlyMissing`) older than `sources`. */
function needsBuild(built: string, sources: string[], onlyMissing = false): boolean {
  if (!existsSync(built)) return true;
  return !onlyMissing && Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, {
    cwd: repository,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
}

/** Builds the widget, the web app and the plain page where needed. */
export function ensureBuilt(): void {
  if (
    needsBuild(
      path.join(WEB_DIST, 'index.html'),
      WEB_SOURCES.map((source) => at(source)),
    )
  ) {
    process.stderr.write('[bench] board: building the widget and the web app…\n');
    run('npm', ['run', 'build', '-w', '@tabula/whiteboard']);
    run('npm', ['run', 'build', '-w', '@tabula/web']);
  }
  if (needsBuild(path.join(PLAIN_DIST, 'index.html'), [PLAIN_ROOT])) {
    process.stderr.write('[bench] board: building the plain Excalidraw page…\n');
    run('npx', [
      '--yes',
      'vite',
      'build',
      PLAIN_ROOT,
      '--outDir',
      'dist',
      '--emptyOutDir',
      '--logLevel',
      'error',
    ]);
  }
}
