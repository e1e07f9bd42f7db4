/**
 * `npm run canvas -- <command>`: the auditor's view of the log, on the configured stores.
 *   history <canvasId>               every entry, oldest first, as JSON lines
 *   scene <canvasId> [--revision N]  the scene (live elements) as JSON
 *   verify                           folds every canvas from the log and compares it with
 *                                    the snapshots and with the current scene as loaded for
 *                                    join-canvas; exit code 1 on any difference (snapshots
 *                                    that differ are rebuilt)
 * With the embedded default (read models in memory) the read models are first rebuilt from
 * the log in this process.
 */
import { openAdapters } from '../adapters';
import { ConfigError, findRepoRoot, parseConfig } from '../config';
import { CanvasAudit } from '../features/canvases/history/canvasAudit';
import { PROJECTIONS } from '../projections/index';
import { rebuildProjections } from '../projections/rebuild';

const repoRoot = findRepoRoot(import.meta.url);
const USAGE =
  'Usage: npm run canvas -- history <canvasId> | scene <canvasId> [--revision N] | verify';

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, canvasId, flag, value] = argv;
  if (command !== 'history' && command !== 'scene' && command !== 'verify')
    throw new UsageError(USAGE);
  const config = parseConfig(process.env, repoRoot);
  const adapters = await openAdapters(config);
  try {
    if (!config.redisUrl)
      await rebuildProjections(adapters.eventStore, adapters.readModels, PROJECTIONS);
    const audit = new CanvasAudit(adapters);
    if (command === 'verify') return await verifyAll(audit);
    if (!canvasId) throw new UsageError(USAGE);
    const head = await audit.head(canvasId);
    if (head === null) throw new UsageError(`Canvas not found: ${canvasId}`);
    if (command === 'history') {
      for await (const entry of audit.history(canvasId, head)) console.log(JSON.stringify(entry));
      return 0;
    }
    let revision = head;
    if (flag !== undefined) {
      if (flag !== '--revision' || !/^\d+$/.test(value ?? '')) throw new UsageError(USAGE);
      revision = Number(value);
      if (revision > head)
        throw new UsageError(`Revision ${revision} is past the canvas's last one (${head}).`);
    }
    console.log(JSON.stringify(await audit.sceneAt(canvasId, revision)));
    return 0;
  } finally {
    await adapters.close();
  }
}

async function verifyAll(audit: CanvasAudit): Promise<number> {
  const ids = await audit.canvasIds();
  let differing = 0;
  for (const canvasId of ids) {
    const difference = await audit.verify(canvasId);
    if (difference.snapshots.length || difference.currentScene.length) {
      differing += 1;
      console.log(JSON.stringify(difference));
    }
  }
  console.error(`Verified ${ids.length} canvases: ${differing} with differences.`);
  return differing === 0 ? 0 : 1;
}

// The exit code is set, not forced: the process ends once its output is written (a forced
// exit could cut a long history piped to a file).
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigError;
    console.error(known ? error.message : error);
    process.exitCode = 2;
  },
);
