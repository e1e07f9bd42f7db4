/**
 * Canvas summaries and membership as a fold of the domain's canvas rule (`evolveCanvas`):
 * each canvas's state is kept as a document, and the lists derived from it (each user's
 * canvases newest first, the live canvases each user collaborates on, the live canvases each
 * owns, by the domain's `isLive`) are written from the difference between the state before
 * and after the event. No membership rule is coded here. Its queries sit at the end.
 */
import { evolveCanvas, initialCanvasState, isLive } from '@tabula/domain';
import type { ActiveCanvas, CanvasEvent, CanvasState, Event } from '@tabula/domain';
import type {
  ReadModelOp,
  ReadModelStore,
} from '../../../infrastructure/readModels/readModelStore';
import {
  deleteDoc,
  putDoc,
  setAdd,
  setRemove,
  sortedAdd,
  sortedRemove,
} from '../../../infrastructure/readModels/readModelStore';
import type { Projection } from '../../../projections/projection';
import type { CanvasDoc } from '../../../projections/readModelKeys';
import {
  CANVASES,
  collaboratingKey,
  ownedLiveKey,
  userCanvasesKey,
} from '../../../projections/readModelKeys';

function toState(doc: CanvasDoc | null): CanvasState {
  if (!doc) return initialCanvasState();
  const { _id, name, timestamp, ownerId, collaborators, invited, collaboratorsCanClear } = doc;
  return {
    status: 'active',
    canvasId: _id,
    ownerId,
    name,
    createdAt: timestamp,
    collaborators,
    invited,
    // View links are the shareLinks projection's (this document does not keep them).
    shareLinks: [],
    collaboratorsCanClear: collaboratorsCanClear ?? true,
  };
}

/** Events that change the drawing: they move the canvas's `editedAt`. */
const EDITS: ReadonlySet<string> = new Set(['LineDrawn', 'CanvasRestored']);

function toDoc(state: ActiveCanvas, revision: number, editedAt: string): CanvasDoc {
  const { canvasId, name, createdAt, ownerId, collaborators, invited } = state;
  const doc: CanvasDoc = {
    _id: canvasId,
    name,
    timestamp: createdAt,
    ownerId,
    revision,
    editedAt,
    collaborators: [...collaborators],
    invited: [...invited],
  };
  // Kept only once turned off: the documents of canvases that never changed it stay as they were.
  if (!state.collaboratorsCanClear) doc.collaboratorsCanClear = false;
  return doc;
}

/** What changes in the lists when `before` becomes `after` (the same canvas). */
function listChanges(before: CanvasState, after: ActiveCanvas): ReadModelOp[] {
  const { canvasId, ownerId } = after;
  const ops: ReadModelOp[] = [];
  if (before.status === 'none') {
    ops.push(sortedAdd(userCanvasesKey(ownerId), canvasId, Date.parse(after.createdAt)));
  }
  const had = before.status === 'active' ? before.collaborators : [];
  for (const userId of after.collaborators)
    if (!had.includes(userId)) ops.push(setAdd(collaboratingKey(userId), canvasId));
  for (const userId of had)
    if (!after.collaborators.includes(userId))
      ops.push(setRemove(collaboratingKey(userId), canvasId));
  if (isLive(after) !== isLive(before)) {
    ops.push(
      isLive(after)
        ? setAdd(ownedLiveKey(ownerId), canvasId)
        : setRemove(ownedLiveKey(ownerId), canvasId),
    );
  }
  return ops;
}

/** Everything the read models hold of a canvas that is gone. */
function forget(before: ActiveCanvas): ReadModelOp[] {
  const { canvasId, ownerId, collaborators } = before;
  return [
    deleteDoc(CANVASES, canvasId),
    sortedRemove(userCanvasesKey(ownerId), canvasId),
    setRemove(ownedLiveKey(ownerId), canvasId),
    ...collaborators.map((userId) => setRemove(collaboratingKey(userId), canvasId)),
  ];
}

export const canvasesProjection: Projection = {
  name: 'canvases',
  handles: new Set([
    'CanvasCreated',
    'CanvasRenamed',
    'CanvasDeleted',
    'LineDrawn',
    'CanvasRestored',
    'UserInvited',
    'InvitationAccepted',
    'CollaboratorRemoved',
    'CollaboratorLeft',
    'CheckpointNamed',
    'ShareLinkCreated',
    'ShareLinkRevoked',
    'CollaboratorClearingSet',
  ]),
  async project(record, readModels) {
    const event = record.event as Event as CanvasEvent;
    const doc = await readModels.get<CanvasDoc>(CANVASES, event.data.canvasId);
    const before = toState(doc);
    const after = evolveCanvas(before, event);
    if (after.status === 'deleted') return before.status === 'active' ? forget(before) : [];
    if (after.status !== 'active') return [];
    const editedAt = EDITS.has(event.type)
      ? event.metadata.occurredAt
      : (doc?.editedAt ?? after.createdAt);
    // Every event moves the canvas's revision on, even one that changes nothing else here.
    return [
      putDoc(CANVASES, after.canvasId, toDoc(after, record.revision, editedAt)),
      ...listChanges(before, after),
    ];
  },
};

// ── Queries ─────────────────────────────────────────────────────────────────────────────

/** The canvas's document, or null when it does not exist (or was deleted). */
export function canvasDoc(readModels: ReadModelStore, canvasId: string): Promise<CanvasDoc | null> {
  return readModels.get<CanvasDoc>(CANVASES, canvasId);
}

/** The documents of existing canvases among `ids`, in that order. */
export async function canvasDocs(
  readModels: ReadModelStore,
  ids: readonly string[],
): Promise<CanvasDoc[]> {
  const docs = await readModels.getMany<CanvasDoc>(CANVASES, ids);
  return docs.filter((doc): doc is CanvasDoc => doc !== null);
}

/** Ids of the user's own canvases, newest first. */
export async function ownCanvasIds(readModels: ReadModelStore, userId: string): Promise<string[]> {
  const entries = await readModels.sortedRange(userCanvasesKey(userId), { reverse: true });
  return entries.map((entry) => entry.member);
}

/** Ids of the live canvases the user collaborates on. */
export function collaboratingIds(readModels: ReadModelStore, userId: string): Promise<string[]> {
  return readModels.setMembers(collaboratingKey(userId));
}

/** Ids of the live canvases the user owns. */
export function ownedLiveIds(readModels: ReadModelStore, userId: string): Promise<string[]> {
  return readModels.setMembers(ownedLiveKey(userId));
}
