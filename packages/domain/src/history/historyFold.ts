/**
 * A canvas's history as a fold of its log: each event applied to the scene before it, with
 * the summary of what it changed. One rule for the history call, the live `history-appended`
 * entries, the replay player's steps and the command-line `history`.
 */
import type { CanvasEvent } from '../canvas/canvas.events';
import type {
  DrawingSummary,
  ElementRef,
  HistoryEntry,
  HistorySummaries,
} from '../protocol/history';
import { isClearing } from '../canvas/clearing';
import { applySceneEvent, restoreElements } from '../scene/evolveScene';
import { compareElementCopies } from '../scene/reconcile';
import type { SceneElement } from '../scene/scene.types';

/** A canvas event as the log holds it. */
export interface LoggedCanvasEvent {
  revision: number;
  event: CanvasEvent;
}

/** A username for a user id ('' when unknown). */
export type NameOf = (userId: string) => string;

/**
 * The element upserts an event makes to `scene` (a restore's upserts are computed against
 * the scene; a gesture's are its own elements). Empty for events that do not draw.
 */
export function sceneUpserts(
  scene: Record<string, SceneElement>,
  event: CanvasEvent,
): readonly SceneElement[] {
  if (event.type === 'LineDrawn') return event.data.elements;
  if (event.type === 'CanvasRestored') return restoreElements(scene, event.data.elements);
  return [];
}

/**
 * What `upserts` do to `scene`, judged before they are applied; only upserts that win count.
 * `liveBefore`: the live elements of the whole scene, when `scene` holds only those named.
 * `cleared` is the domain's rule (`isClearing`), or the server's mark on the event.
 */
function summarizeDrawing(
  scene: Record<string, SceneElement>,
  upserts: readonly SceneElement[],
  liveBefore?: number,
  marked?: boolean,
): DrawingSummary {
  const added: ElementRef[] = [];
  const changed: ElementRef[] = [];
  const deleted: ElementRef[] = [];
  const seen = new Set<string>();
  for (const element of upserts) {
    if (seen.has(element.id)) continue;
    seen.add(element.id);
    const current = scene[element.id];
    if (current !== undefined && compareElementCopies(element, current) <= 0) continue;
    const ref = { id: element.id, type: element.type };
    const wasLive = current !== undefined && !current.isDeleted;
    if (element.isDeleted) {
      if (wasLive) deleted.push(ref);
    } else if (wasLive) changed.push(ref);
    else added.push(ref);
  }
  const summary: DrawingSummary = { added, changed, deleted };
  const removed = deleted.length;
  // Counting the scene's live elements stops once they are more than the deleted ones.
  const live = liveBefore ?? (removed > 0 && hasMoreLive(scene, removed) ? removed + 1 : removed);
  if (marked === true || isClearing({ liveBefore: live, removed, revived: added.length }))
    summary.cleared = true;
  return summary;
}

/** True when `scene` has more than `count` live elements (stops counting there). */
function hasMoreLive(scene: Record<string, SceneElement>, count: number): boolean {
  let live = 0;
  for (const id in scene) if (!scene[id]!.isDeleted && (live += 1) > count) return true;
  return false;
}

/**
 * The history entry of `logged`, and the scene advanced past it (in place). Call it for every
 * event of the stream in order, starting from the scene of the revision before the first.
 * For one entry, `scene` may hold only the elements the event names (every element for a
 * restore) when `liveBefore` gives the whole scene's live elements.
 */
export function foldHistoryEntry(
  scene: Record<string, SceneElement>,
  logged: LoggedCanvasEvent,
  nameOf: NameOf,
  liveBefore?: number,
): HistoryEntry {
  const { event, revision } = logged;
  const base = {
    revision,
    actorId: event.metadata.actorId,
    actorName: nameOf(event.metadata.actorId),
    occurredAt: event.metadata.occurredAt,
  };
  switch (event.type) {
    case 'LineDrawn': {
      const summary = summarizeDrawing(scene, event.data.elements, liveBefore, event.data.cleared);
      applySceneEvent(scene, event);
      return { ...base, type: event.type, summary };
    }
    case 'CanvasRestored': {
      const upserts = restoreElements(scene, event.data.elements);
      const summary: HistorySummaries['CanvasRestored'] = {
        ...summarizeDrawing(scene, upserts),
        toRevision: event.data.toRevision,
      };
      if (event.data.elementIds !== undefined) summary.elementIds = event.data.elementIds;
      if (event.data.undoesClear !== undefined) summary.undoesClear = event.data.undoesClear;
      applySceneEvent(scene, { type: 'LineDrawn', data: { elements: upserts } });
      return { ...base, type: event.type, summary };
    }
    case 'CanvasCreated': {
      const { name, forkedFrom } = event.data;
      return { ...base, type: event.type, summary: forkedFrom ? { name, forkedFrom } : { name } };
    }
    case 'CanvasRenamed':
      return { ...base, type: event.type, summary: { name: event.data.name } };
    case 'CanvasDeleted':
      return { ...base, type: event.type, summary: {} };
    case 'CheckpointNamed': {
      const { revision: named, label } = event.data;
      return { ...base, type: event.type, summary: { revision: named, label } };
    }
    case 'ShareLinkCreated':
    case 'ShareLinkRevoked':
      return { ...base, type: event.type, summary: { linkId: event.data.linkId } };
    case 'CollaboratorClearingSet':
      return { ...base, type: event.type, summary: { allowed: event.data.allowed } };
    case 'UserInvited':
    case 'InvitationAccepted':
    case 'CollaboratorRemoved':
    case 'CollaboratorLeft': {
      const { userId } = event.data;
      return { ...base, type: event.type, summary: { userId, username: nameOf(userId) } };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown canvas event ${(unknown as CanvasEvent).type}`);
    }
  }
}

/** Every user id an entry of `event` names (its actor, and whom a membership event is about). */
export function namedUserIds(event: CanvasEvent): string[] {
  const ids = [event.metadata.actorId];
  if ('userId' in event.data) ids.push(event.data.userId);
  return ids;
}

/** The scene after `events` (in stream order), starting from `scene` (copied, not changed). */
export function foldScene(
  scene: Record<string, SceneElement>,
  events: Iterable<CanvasEvent>,
): Record<string, SceneElement> {
  const next = { ...scene };
  for (const event of events) {
    if (event.type === 'LineDrawn' || event.type === 'CanvasRestored') applySceneEvent(next, event);
  }
  return next;
}
