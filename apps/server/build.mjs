// `npm run build -w @tabula/server`: the server as plain JavaScript in dist/, run by `node`.
//
// esbuild bundles the server's own modules and @tabula/domain (a workspace consumed as
// TypeScript source, whose class-validator decorators it compiles as the tsconfig says) into
// dist/main.js; every npm package stays an import resolved from node_modules at run time.
// Splitting keeps the optional adapters (PostgreSQL, KurrentDB, Redis, Kafka) in chunks loaded
// only when configured, as under tsx. The SQLite writer's worker is plain JavaScript, loaded by
// URL next to the code that starts it: copied as it is. (esbuild is installed with tsx, a
// dependency of this package.)
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
/** `node build.mjs [outdir]`: dist/ unless told (a test builds into a directory of its own). */
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : here('dist');

/** Bare imports are npm packages (external) except the workspaces, which are bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@tabula/') ? undefined : { path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: here('src/main.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
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
