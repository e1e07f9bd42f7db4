/**
 * Benchmark runner: `npm run bench` (or `npx tsx bench/index.ts [suite …]` in apps/server).
 * Every `bench/<name>.bench.ts` exporting `async function run(): Promise<object>` is a suite;
 * they run one after another and ONE JSON report goes to stdout (progress goes to stderr).
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface BenchSuite {
  run(): Promise<object>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Suites that run only when named (`npm run bench -s -- soak`): the soak takes 10 minutes. */
const ON_REQUEST = new Set(['soak']);

/** Suite names found beside this file, e.g. `eventStore` for `eventStore.bench.ts`. */
function discoverSuites(): string[] {
  return readdirSync(here)
    .filter((file) => file.endsWith('.bench.ts'))
    .map((file) => file.slice(0, -'.bench.ts'.length))
    .sort();
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const available = discoverSuites();
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length > 0)
    throw new Error(`Unknown suite(s) ${unknown.join(', ')}; available: ${available.join(', ')}`);
  const names = wanted.length > 0 ? wanted : available.filter((name) => !ON_REQUEST.has(name));

  const started = performance.now();
  const suites: Record<string, object> = {};
  for (const name of names) {
    process.stderr.write(`[bench] ${name}…\n`);
    const suiteStarted = performance.now();
    const suite = (await import(
      pathToFileURL(path.join(here, `${name}.bench.ts`)).href
    )) as BenchSuite;
    suites[name] = await suite.run();
    process.stderr.write(
      `[bench] ${name} done in ${((performance.now() - suiteStarted) / 1000).toFixed(1)} s\n`,
    );
  }

  const report = {
    startedAt: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    durationSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    suites,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
