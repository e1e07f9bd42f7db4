/**
 * The read side of a canvas's history: pages of entries, the scene at a revision, replay
 * steps and one element's story. Every answer is a fold of the log (through the scene
 * timeline) with the domain's `foldHistoryEntry`; only the user names come from a read model.
 */
import {
  applySceneEvent,
  foldHistoryEntry,
  namedUserIds,
  orderElements,
  sceneUpserts,
} from '@tabula/domain';
import type { Event, LoggedCanvasEvent, NameOf } from '@tabula/domain';
import type {
  ElementHistoryItem,
  HistoryEntry,
  HistoryPage,
  HistoryQuery,
  ReplayPage,
  ReplayStep,
  SceneAtRevision,
} from '@tabula/domain/protocol';
import type { EventStore } from '../../../infrastructure/eventStore/eventStore';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import type { UserDoc } from '../../../projections/readModelKeys';
import { USERS } from '../../../projections/readModelKeys';
import type { CurrentScenes } from '../projections/currentScenes';
import { LOG_PAGE, readCanvasLog, walkCanvasLog } from './canvasLog';
import type { SceneRecord, SceneTimeline } from './sceneTimeline';

export interface HistoryQueriesDeps {
  eventStore: EventStore<Event>;
  readModels: ReadModelStore;
  timeline: SceneTimeline;
  /** The current scenes, for the latest revision without a fold (else always a fold). */
  scenes?: Pick<CurrentScenes, 'loadedAt'>;
}

/** What a page walks: revisions `floor..top`, `chunk` events read at once, `limit` kept. */
interface PageSpan {
  floor: number;
  top: number;
  limit: number;
  chunk: number;
  keep: (entry: HistoryEntry) => boolean;
}

/** Reads the history of canvases whose access and head revision the caller has checked. */
export class HistoryQueries {
  constructor(private readonly deps: HistoryQueriesDeps) {}

  /**
   * The live elements after `revision`, in scene order: from the current scene when it is
   * loaded and at that revision (no fold), else from the timeline.
   */
  async sceneAt(canvasId: string, revision: number): Promise<SceneAtRevision> {
    const current = this.deps.scenes?.loadedAt(canvasId, revision);
    if (current) return { revision, elements: current.elements.filter((e) => !e.isDeleted) };
    const scene = await this.deps.timeline.sceneAt(canvasId, revision);
    const elements = orderElements(Object.values(scene)).filter((element) => !element.isDeleted);
    return { revision, elements };
  }

  /** A page of entries (`head`: the canvas's last revision). */
  async page(
    canvasId: string,
    head: number,
    query: HistoryQuery & { limit: number },
  ): Promise<HistoryPage> {
    const keep = (entry: HistoryEntry) =>
      (query.actor === undefined || entry.actorId === query.actor) &&
      (query.types === undefined || query.types.includes(entry.type));
    const filtered = query.actor !== undefined || query.types !== undefined;
    // The revisions the page may cover: after `after`, before `before`, up to the head.
    const span: PageSpan = {
      floor: (query.after ?? -1) + 1,
      top: Math.min(head, query.before === undefined ? head : query.before - 1),
      limit: query.limit,
      chunk: filtered ? LOG_PAGE : query.limit,
      keep,
    };
    return query.order === 'asc'
      ? this.pageForwards(canvasId, span)
      : this.pageBackwards(canvasId, span);
  }

  /** Drawing steps after `after` (exclusive), ascending: entries with their upserts and timing. */
  async replay(
    canvasId: string,
    head: number,
    after: number | undefined,
    limit: number,
  ): Promise<ReplayPage> {
    const from = (after ?? -1) + 1;
    const events = await readCanvasLog(this.deps.eventStore, canvasId, { from, maxCount: limit });
    const scene = await this.deps.timeline.sceneAt(canvasId, from - 1);
    const nameOf = await this.names(events);
    const steps: ReplayStep[] = events.map((logged) => {
      const elements = [...sceneUpserts(scene, logged.event)];
      const entry = foldHistoryEntry(scene, logged, nameOf);
      const { event } = logged;
      const timing = event.type === 'LineDrawn' ? event.data.timing : undefined;
      return timing === undefined ? { entry, elements } : { entry, elements, timing };
    });
    const last = events[events.length - 1];
    return last && last.revision < head ? { steps, next: last.revision } : { steps };
  }

  /** Every change of one element ("who drew this"), oldest first. */
  async elementHistory(
    canvasId: string,
    head: number,
    elementId: string,
  ): Promise<ElementHistoryItem[]> {
    const scene: SceneRecord = {};
    const touched: { logged: LoggedCanvasEvent; version: number; isDeleted: boolean }[] = [];
    await walkCanvasLog(this.deps.eventStore, canvasId, 0, head, (logged) => {
      const { event } = logged;
      if (event.type !== 'LineDrawn' && event.type !== 'CanvasRestored') return;
      const before = scene[elementId];
      applySceneEvent(scene, event);
      const after = scene[elementId];
      if (after !== undefined && after !== before) {
        touched.push({ logged, version: after.version, isDeleted: after.isDeleted });
      }
    });
    const nameOf = await this.names(touched.map((item) => item.logged));
    return touched.map(({ logged, version, isDeleted }) => ({
      revision: logged.revision,
      actorId: logged.event.metadata.actorId,
      actorName: nameOf(logged.event.metadata.actorId),
      occurredAt: logged.event.metadata.occurredAt,
      version,
      isDeleted,
    }));
  }

  /**
   * The history entry of one logged event: folded on `before` when given (what the scene held
   * of the elements the event names, and its live count), else on the whole scene before it.
   */
  async entryOf(
    canvasId: string,
    logged: LoggedCanvasEvent,
    before?: { scene: SceneRecord; liveBefore: number },
  ): Promise<HistoryEntry> {
    const nameOf = await this.names([logged]);
    if (before) return foldHistoryEntry(before.scene, logged, nameOf, before.liveBefore);
    const scene = await this.deps.timeline.sceneAt(canvasId, logged.revision - 1);
    return foldHistoryEntry(scene, logged, nameOf);
  }

  private async pageForwards(
    canvasId: string,
    { floor, top: end, limit, chunk, keep }: PageSpan,
  ): Promise<HistoryPage> {
    let from = floor;
    const scene = await this.deps.timeline.sceneAt(canvasId, from - 1);
    const entries: HistoryEntry[] = [];
    while (from <= end) {
      const events = await readCanvasLog(this.deps.eventStore, canvasId, {
        from,
        to: Math.min(end, from + chunk - 1),
      });
      if (events.length === 0) break;
      const nameOf = await this.names(events);
      for (const logged of events) {
        const entry = foldHistoryEntry(scene, logged, nameOf);
        if (!keep(entry)) continue;
        entries.push(entry);
        if (entries.length === limit) {
          return logged.revision < end ? { entries, next: logged.revision } : { entries };
        }
      }
      from = events[events.length - 1]!.revision + 1;
    }
    return { entries };
  }

  private async pageBackwards(
    canvasId: string,
    { floor, top, limit, chunk, keep }: PageSpan,
  ): Promise<HistoryPage> {
    let to = top;
    const entries: HistoryEntry[] = [];
    while (to >= floor) {
      const from = Math.max(floor, to - chunk + 1);
      const events = await readCanvasLog(this.deps.eventStore, canvasId, { from, to });
      const scene = await this.deps.timeline.sceneAt(canvasId, from - 1);
      const nameOf = await this.names(events);
      const folded = events.map((logged) => foldHistoryEntry(scene, logged, nameOf));
      for (const entry of folded.reverse()) {
        if (!keep(entry)) continue;
        entries.push(entry);
        if (entries.length === limit) {
          return entry.revision > floor ? { entries, next: entry.revision } : { entries };
        }
      }
      to = from - 1;
    }
    return { entries };
  }

  /** Usernames of everyone the events name. */
  private async names(events: readonly LoggedCanvasEvent[]): Promise<NameOf> {
    const ids = [...new Set(events.flatMap((logged) => namedUserIds(logged.event)))];
    const users = await this.deps.readModels.getMany<UserDoc>(USERS, ids);
    const byId = new Map(ids.map((id, index) => [id, users[index]?.username ?? '']));
    return (userId) => byId.get(userId) ?? '';
  }
}
