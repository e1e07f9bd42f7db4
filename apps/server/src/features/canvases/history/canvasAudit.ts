/**
 * The auditor's reads of the log, for `npm run canvas`: a canvas's history as entries, its
 * scene at a revision, and `verify`, which folds every canvas from the log and compares the
 * fold with the scene snapshots and the scene read model.
 */
import { canvasStreamName } from '@tabula/domain';
import type { Event } from '@tabula/domain';
import type { HistoryEntry, SceneAtRevision } from '@tabula/domain/protocol';
import { MAX_HISTORY_PAGE } from '@tabula/domain/protocol';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import { createInMemorySnapshotStore } from '../../../infrastructure/snapshots/inMemorySnapshotStore';
import type { SnapshotStore } from '../../../infrastructure/snapshots/snapshotStore';
import { sceneOf } from '../projections/scenes.projection';
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
  /** Element ids whose read-model copy differs from the fold (or exists on one side only). */
  readModel: string[];
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
    const stored = new Map(
      (await sceneOf(this.deps.readModels, canvasId)).map((element) => [element.id, element]),
    );
    const readModel = [...new Set([...Object.keys(folded), ...stored.keys()])].filter(
      (id) => JSON.stringify(folded[id]) !== JSON.stringify(stored.get(id)),
    );
    return { canvasId, snapshots, readModel: readModel.sort() };
  }
}
