/**
 * Scale-out: three Tabula nodes behind HAProxy against one, on PostgreSQL and Redis, and the
 * time from SIGKILL of a node to its users drawing again. The scenario lives with the cluster
 * test's stack (tests/cluster/src/bench), whose package type-checks it against the built
 * widget; see docs/scale-out.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const scenario = new URL('../../../tests/cluster/src/bench/scaleOut.ts', import.meta.url);
const repository = fileURLToPath(new URL('../../../', import.meta.url));
/** The widget's collaboration client, as built: the scenario's clients are the widget's. */
const builtWidget = new URL(
  '../../../packages/whiteboard-widget/dist/collab/index.js',
  import.meta.url,
);

/** Builds the widget when a fresh clone has not yet (its output goes to stderr, not the report). */
function ensureWidgetBuilt(): void {
  if (existsSync(builtWidget)) return;
  process.stderr.write('[bench] cluster: building the widget first…\n');
  execFileSync('npm', ['run', 'build', '-w', '@tabula/whiteboard'], {
    cwd: repository,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
}

export async function run(): Promise<object> {
  ensureWidgetBuilt();
  const { runScaleOut } = (await import(scenario.href)) as { runScaleOut(): Promise<object> };
  return runScaleOut();
}
