import { applySceneEvent, liveElements } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { DEFAULT_HISTORY_PAGE, MAX_HISTORY_PAGE, MAX_REPLAY_PAGE } from '@tabula/domain/protocol';
import type {
  Checkpoint,
  ElementHistoryItem,
  HistoryEntry,
  HistoryPage,
  HistoryQuery,
  ReplayPage,
  ReplayStep,
  SceneAtRevision,
} from '@tabula/domain/protocol';
import type { HistorySource, ReplayQuery } from './historySource';

/** A recorded history the player can read without a server, and that can grow (`append`). */
export interface MemoryHistorySource extends HistorySource {
  /** Adds a step (its revision above the last) and tells subscribers about its entry. */
  append(step: ReplayStep): void;
}

function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  return Math.max(1, Math.min(limit ?? fallback, max));
}

/**
 * A `HistorySource` over steps held in memory (ascending revisions), for stories, tests and
 * offline demos. Answers like the REST API, paging included; the scene at a revision is the
 * domain's fold of the steps.
 */
export function memoryHistorySource(
  initialSteps: readonly ReplayStep[],
  checkpoints: readonly Checkpoint[] = [],
): MemoryHistorySource {
  const steps = [...initialSteps];
  const listeners = new Set<(entry: HistoryEntry) => void>();
  const head = () => steps[steps.length - 1]?.entry.revision ?? 0;

  return {
    async history(query: HistoryQuery = {}): Promise<HistoryPage> {
      const limit = clampLimit(query.limit, DEFAULT_HISTORY_PAGE, MAX_HISTORY_PAGE);
      const descending = query.order !== 'asc';
      let entries = steps
        .map((step) => step.entry)
        .filter(
          (entry) =>
            (query.after === undefined || entry.revision > query.after) &&
            (query.before === undefined || entry.revision < query.before) &&
            (query.actor === undefined || entry.actorId === query.actor) &&
            (query.types === undefined || query.types.includes(entry.type)),
        );
      if (descending) entries = entries.reverse();
      const page = entries.slice(0, limit);
      const more = entries.length > limit;
      return more ? { entries: page, next: page[page.length - 1]!.revision } : { entries: page };
    },
    async replay(query: ReplayQuery = {}): Promise<ReplayPage> {
      const limit = clampLimit(query.limit, MAX_REPLAY_PAGE, MAX_REPLAY_PAGE);
      const after = steps.filter((step) => step.entry.revision > (query.after ?? 0));
      const page = after.slice(0, limit);
      return after.length > limit
        ? { steps: page, next: page[page.length - 1]!.entry.revision }
        : { steps: page };
    },
    async sceneAt(revision = head()): Promise<SceneAtRevision> {
      const scene: Record<string, SceneElement> = {};
      for (const step of steps) {
        if (step.entry.revision > revision) break;
        applySceneEvent(scene, { type: 'LineDrawn', data: { elements: step.elements } });
      }
      return { revision, elements: liveElements(scene) };
    },
    async elementHistory(elementId: string): Promise<ElementHistoryItem[]> {
      return steps.flatMap(({ entry, elements }) =>
        elements
          .filter((element) => element.id === elementId)
          .slice(-1)
          .map((element) => ({
            revision: entry.revision,
            actorId: entry.actorId,
            actorName: entry.actorName,
            occurredAt: entry.occurredAt,
            version: element.version,
            isDeleted: element.isDeleted,
          })),
      );
    },
    async checkpoints(): Promise<Checkpoint[]> {
      return [...checkpoints];
    },
    subscribe(onEntry) {
      listeners.add(onEntry);
      return () => listeners.delete(onEntry);
    },
    append(step: ReplayStep): void {
      if (step.entry.revision <= head()) throw new Error('A step must come after the last one.');
      steps.push(step);
      for (const listener of listeners) listener(step.entry);
    },
  };
}
