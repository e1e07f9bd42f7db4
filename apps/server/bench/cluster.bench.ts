/**
 * Scale-out: three Tabula nodes behind HAProxy against one, on PostgreSQL and Redis, and the
 * time from SIGKILL of a node to its users drawing again. The scenario lives with the cluster
 * test's stack (tests/cluster/src/bench); see docs/scale-out.md.
 */
import { runScaleOut } from '../../../tests/cluster/src/bench/scaleOut';

export function run(): Promise<object> {
  return runScaleOut();
}
