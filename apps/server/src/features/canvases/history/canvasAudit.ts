/**
 * The auditor's reads of the log, for `npm run canvas`: a canvas's history as entries, its
 * scene at a revision, and `verify`, which folds every canvas from the log and compares the
 * fold with the scene snapshots and with the current scene as the server loads it for
 * `join-canvas` (newest snapshot plus the events after it, at the read model's revision).
 */
import { canvasStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import type { HistoryEntry, SceneAtRevision } from '@tabula/domain/protocol';
import { MAX_HISTORY_PAGE } from '@tabula/domain/protocol';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import { createInMemorySnapshotStore } from '../../../infrastructure/snapshots/inMemorySnapshotStore';
import type { SnapshotStore } from '../../../infrastructure/snapshots/snapshotStore';
import { CurrentScenes } from '../projections/currentScenes';
import { HistoryQueries } from './historyQueries';
import { SceneTimeline } from './sceneTimeline';

export interface CanvasAuditDeps {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  snapshots: SnapshotStore;
}

/** What `verify` found wrong with one canvas (nothing listed: it agrees everywhere). */
export interface CanvasDifference {
  canvasId: string;
  /** Snapshot revisions whose scene differed from the log's fold (discarded and rebuilt). */
  snapshots: number[];
  /**
   * Element ids whose copy in the current scene differs from the fold (or exists on one side
   * only); `'(revision)'` when the current scene is not at the log's last revision.
   */
  currentScene: string[];
}

export class CanvasAudit {
  private readonly timeline: SceneTimeline;
  private readonly queries: HistoryQueries;

  constructor(private readonly deps: CanvasAuditDeps) {
    this.timeline = new SceneTimeline({ eventStore: deps.eventStore, snapshots: deps.snapshots });
    this.queries = new HistoryQueries({ ...deps, timeline: this.timeline });
  }

  /** The canvas's last revision, or null when its stream holds nothing. */
  async head(canvasId: string): Promise<number | null> {
    const [last] = await this.deps.eventStore.readStream(canvasStreamName(canvasId), {
      direction: 'backwards',
      maxCount: 1,
    });
    return last?.revision ?? null;
  }

  /** Every entry of the canvas's history, oldest first, a page at a time. */
  async *history(canvasId: string, head: number): AsyncGenerator<HistoryEntry> {
    let after: number | undefined;
    for (;;) {
      const page = await this.queries.page(canvasId, head, {
        order: 'asc',
        limit: MAX_HISTORY_PAGE,
        ...(after === undefined ? {} : { after }),
      });
      yield* page.entries;
      if (page.next === undefined) return;
      after = page.next;
    }
  }

  sceneAt(canvasId: string, revision: number): Promise<SceneAtRevision> {
    return this.queries.sceneAt(canvasId, revision);
  }

  /** Ids of every canvas with events in the log, in order of first appearance. */
  async canvasIds(): Promise<string[]> {
    const ids = new Set<string>();
    let fromPosition: number | undefined;
    for (;;) {
      const page = await this.deps.eventStore.readAll({
        maxCount: 5_000,
        ...(fromPosition === undefined ? {} : { fromPosition }),
      });
      for (const record of page)
        if (record.streamName.startsWith('canvas-')) ids.add(record.streamName.slice(7));
      if (page.length === 0) return [...ids];
      fromPosition = page[page.length - 1]!.position;
    }
  }

  /** Compares one canvas's fold with its snapshots and read model. */
  async verify(canvasId: string): Promise<CanvasDifference> {
    const head = (await this.head(canvasId)) ?? -1;
    const snapshots = await this.timeline.verify(canvasId);
    const fresh = new SceneTimeline({
      eventStore: this.deps.eventStore,
      snapshots: createInMemorySnapshotStore(),
      interval: 0,
    });
    const folded = await fresh.sceneAt(canvasId, head);
    const current = await new CurrentScenes({
      timeline: this.timeline,
      readModels: this.deps.readModels,
    }).of(canvasId);
    const byId = new Map(current.elements.map((element) => [element.id, element]));
    const differing = [...new Set([...Object.keys(folded), ...byId.keys()])].filter(
      (id) => JSON.stringify(folded[id]) !== JSON.stringify(byId.get(id)),
    );
    if (current.revision !== head) differing.push('(revision)');
    return { canvasId, snapshots, currentScene: differing.sort() };
  }
}
