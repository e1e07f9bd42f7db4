/**
 * Scale-out: three Tabula nodes behind HAProxy against one, on PostgreSQL and Redis, and the
 * time from SIGKILL of a node to its users drawing again. The scenario lives with the cluster
 * test's stack (tests/cluster/src/bench), whose package type-checks it against the built
 * widget; see docs/scale-out.md.
 */
const scenario = new URL('../../../tests/cluster/src/bench/scaleOut.ts', import.meta.url);

export async function run(): Promise<object> {
  const { runScaleOut } = (await import(scenario.href)) as { runScaleOut(): Promise<object> };
  return runScaleOut();
}
