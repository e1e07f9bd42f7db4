// `npm run build -w @tabula/server`: the server and its admin commands as plain JavaScript in
// dist/, run by `node`: dist/main.js, and dist/cli/backup.js, canvas.js, rebuildProjections.js.
//
// esbuild bundles the server's own modules and @tabula/domain (a workspace consumed as
// TypeScript source, whose class-validator decorators it compiles as the tsconfig says);
// every npm package stays an import resolved from node_modules at run time. Splitting keeps
// the optional adapters (PostgreSQL, KurrentDB, Redis, Kafka) in chunks loaded only when
// configured, and the code the commands share with the server in chunks beside main.js. The
// SQLite writer's worker is plain JavaScript, loaded by URL next to the code that starts it
// (a chunk in dist/): copied as it is. esbuild is a development dependency: an install of the
// built output (the container image) has no esbuild and needs none.
//
//   node build.mjs [outdir]        builds (into dist/ unless told: a test builds its own)
//   node build.mjs --when-stale    builds dist/ only when a source is newer than it; silent
//                                  when it is current, or when there are no sources (an
//                                  install of the built output): the admin commands' npm
//                                  scripts run this first.
import { copyFileSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const args = process.argv.slice(2);
const outdir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? here('dist'));

const ENTRIES = {
  main: 'src/main.ts',
  'cli/backup': 'src/cli/backup.ts',
  'cli/canvas': 'src/cli/canvas.ts',
  'cli/rebuildProjections': 'src/cli/rebuildProjections.ts',
  // A worker thread's module, found by URL beside the chunk that starts it (`sceneLoadThread.ts`).
  'sceneLoad.worker': 'src/features/canvases/history/sceneLoad.worker.ts',
};
const SOURCES = [here('src'), here('../../packages/domain/src'), here('build.mjs')];

/** The newest modification time among `paths` (files, or directories read through). */
function newest(paths) {
  let latest = 0;
  for (const entry of paths) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else
      for (const name of readdirSync(entry, { recursive: true }))
        latest = Math.max(latest, statSync(path.join(entry, String(name))).mtimeMs);
  }
  return latest;
}

function isCurrent() {
  if (!existsSync(here('src'))) return true;
  const outputs = Object.keys(ENTRIES).map((name) => path.join(outdir, `${name}.js`));
  if (!outputs.every((file) => existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return newest(SOURCES) <= built;
}

if (args.includes('--when-stale')) {
  if (isCurrent()) process.exit(0);
  console.error('Building the server (dist/ is missing or older than its sources)…');
}

/** Bare imports are npm packages (external) except the workspaces, which are bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@tabula/') ? undefined : { path, external: true },
    );
  },
};

const { build } = await import('esbuild');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(
    Object.entries(ENTRIES).map(([name, source]) => [name, here(source)]),
  ),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  keepNames: true,
  // Chunks beside main.js: code that finds a file by its own URL finds it in dist/.
  chunkNames: '[name]-[hash]',
  plugins: [packagesExternal],
  logLevel: 'warning',
});
for (const file of ['sqliteWriter.worker.mjs', 'revisionRules.mjs']) {
  copyFileSync(here(`src/infrastructure/eventStore/${file}`), path.join(outdir, file));
}
