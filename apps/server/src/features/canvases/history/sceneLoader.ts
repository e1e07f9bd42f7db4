/**
 * Loads the scene of a canvas at a revision in slices (`TurnSlices`), for a scene that is not
 * in memory (a cold start, or content set aside beyond `SCENE_MEMORY_MB`): the newest trusted
 * snapshot read one part at a time, its elements' texts found by the newlines between them
 * (`SNAPSHOT_SEPARATOR`) and parsed a few dozen kilobytes at a time, then the events after it
 * read in pages sized to the time they take and folded one at a time. No step holds the event
 * loop for more than a few milliseconds, so other rooms' commits and requests go on meanwhile.
 * Same scene as `SceneTimeline.sceneAt` (same snapshots, same fold): the log always wins.
 */
import { createHash } from 'node:crypto';
import type { SceneElement } from '@tabula/domain';
import type {
  SnapshotInParts,
  SnapshotStore,
} from '../../../infrastructure/snapshots/snapshotStore';
import { LOG_PAGE, readCanvasLog } from './canvasLog';
import type { LogReads } from './canvasLog';
import { CompactScene } from './compactScene';
import { TurnSlices } from '../../../infrastructure/turnSlices';

export interface SceneLoaderDeps {
  eventStore: LogReads;
  /** Null: no snapshots (the whole log is folded). */
  snapshots: SnapshotStore | null;
}

/** Characters of element text parsed in one step at most (beyond one element). */
const PARSE_CHARS = 48 * 1024;

/** True when the log's event at `revision` is the one a snapshot says it was folded up to. */
export async function agreesWithLog(
  eventStore: LogReads,
  canvasId: string,
  snapshot: { revision: number; lastEventId: string },
): Promise<boolean> {
  const [atLog] = await readCanvasLog(eventStore, canvasId, {
    from: snapshot.revision,
    maxCount: 1,
  });
  return (
    atLog?.revision === snapshot.revision && atLog.event.metadata.eventId === snapshot.lastEventId
  );
}

/** The canvas's scene after `revision`, loaded in slices (see the top of this file). */
export async function loadSceneInSlices(
  deps: SceneLoaderDeps,
  canvasId: string,
  revision: number,
  slices = new TurnSlices(),
): Promise<CompactScene> {
  let scene = new CompactScene();
  let from = 0;
  const { snapshots } = deps;
  if (snapshots && revision >= 0) {
    for (let stored = await snapshots.latestInParts(canvasId, revision); stored;) {
      const read = (await agreesWithLog(deps.eventStore, canvasId, stored))
        ? await sceneOf(stored, slices)
        : null;
      if (read) {
        scene = read;
        from = stored.revision + 1;
        break;
      }
      // It disagrees with the log: it goes with every later one (the log always wins).
      await snapshots.discardFrom(canvasId, stored.revision);
      stored =
        stored.revision > 0 ? await snapshots.latestInParts(canvasId, stored.revision - 1) : null;
    }
  }
  await foldLog(deps.eventStore, canvasId, scene, from, revision, slices);
  return scene;
}

/** The snapshot's scene, or null when its body does not match its digest (or is not JSON). */
async function sceneOf(stored: SnapshotInParts, slices: TurnSlices): Promise<CompactScene | null> {
  try {
    return await readBody(stored, slices);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

async function readBody(stored: SnapshotInParts, slices: TurnSlices): Promise<CompactScene | null> {
  const scene = new CompactScene();
  const hash = createHash('sha256');
  let carry = '';
  let batch: string[] = [];
  let batched = 0;
  const flush = () => {
    if (batch.length === 0) return;
    const elements = JSON.parse(`[${batch.join(',')}]`) as SceneElement[];
    elements.forEach((element, at) => scene.putText(element, batch[at]!));
    batch = [];
    batched = 0;
  };
  for await (const part of stored.parts()) {
    hash.update(part);
    const lines = (carry + part).split('\n');
    carry = lines.pop()!;
    for (const line of lines) {
      batch.push(elementText(line));
      batched += line.length;
      if (batched < PARSE_CHARS) continue;
      flush();
      await slices.due();
    }
    flush();
    await slices.due();
  }
  if (hash.digest('base64url') !== stored.digest) return null;
  // The last line ends the array (a body written before the newlines: all of it, parsed whole).
  const last = carry.endsWith(']') ? carry.slice(0, -1) : carry;
  const rest = last.startsWith('[') ? last.slice(1) : last;
  if (rest.length > 0) scene.putAll(JSON.parse(`[${rest}]`) as SceneElement[]);
  return scene;
}

/** An element's text from one line of a body: `[` before the first, `,` after every one. */
function elementText(line: string): string {
  const start = line.startsWith('[') ? 1 : 0;
  return line.slice(start, line.length - 1);
}

/**
 * Folds revisions `from..to` into `scene`, reading pages of the log as large as fit in about a
 * slice (a page of a thousand large drawings is tens of megabytes to parse at once).
 */
async function foldLog(
  eventStore: LogReads,
  canvasId: string,
  scene: CompactScene,
  from: number,
  to: number,
  slices: TurnSlices,
): Promise<void> {
  let page = 1;
  for (let start = from; start <= to;) {
    const began = performance.now();
    const events = await readCanvasLog(eventStore, canvasId, {
      from: start,
      to: Math.min(to, start + page - 1),
    });
    const took = performance.now() - began;
    if (events.length === 0) return;
    page = took < 1 ? Math.min(LOG_PAGE, page * 2) : took > 3 ? Math.max(1, page >> 1) : page;
    for (const { event, revision } of events) {
      scene.apply(event);
      start = revision + 1;
      await slices.due();
    }
  }
}
