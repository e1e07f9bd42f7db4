/**
 * Canvas summaries, each user's canvases newest first, membership (collaborators and pending
 * invitations), the live canvases each user collaborates on and the live canvases each owns.
 */
import type { CanvasEvent, Event } from '@tabula/domain';
import type { ReadModelOp } from '../infrastructure/readModels/readModelStore';
import {
  deleteDoc,
  putDoc,
  setAdd,
  setRemove,
  sortedAdd,
  sortedRemove,
} from '../infrastructure/readModels/readModelStore';
import type { Projection } from './projection';
import type { CanvasDoc } from './readModelKeys';
import { CANVASES, collaboratingKey, ownedLiveKey, userCanvasesKey } from './readModelKeys';

function isLive(canvas: CanvasDoc): boolean {
  return canvas.collaborators.length > 0 || canvas.invited.length > 0;
}

function without(list: string[], userId: string): string[] {
  return list.filter((id) => id !== userId);
}

/** The doc write plus the owned-live flag, kept in step with membership. */
function saveMembership(next: CanvasDoc): ReadModelOp[] {
  return [
    putDoc(CANVASES, next._id, next),
    isLive(next)
      ? setAdd(ownedLiveKey(next.ownerId), next._id)
      : setRemove(ownedLiveKey(next.ownerId), next._id),
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
  ]),
  async project(record, readModels) {
    const event = record.event as Event as CanvasEvent;
    const { canvasId } = event.data;
    if (event.type === 'CanvasCreated') {
      const timestamp = event.metadata.occurredAt;
      const canvas: CanvasDoc = {
        _id: canvasId,
        name: event.data.name,
        timestamp,
        ownerId: event.data.ownerId,
        revision: record.revision,
        collaborators: [],
        invited: [],
      };
      return [
        putDoc(CANVASES, canvasId, canvas),
        sortedAdd(userCanvasesKey(canvas.ownerId), canvasId, Date.parse(timestamp)),
      ];
    }
    const canvas = await readModels.get<CanvasDoc>(CANVASES, canvasId);
    if (!canvas) return [];
    const next: CanvasDoc = { ...canvas, revision: record.revision };
    switch (event.type) {
      case 'CanvasRenamed':
        return [putDoc(CANVASES, canvasId, { ...next, name: event.data.name })];
      case 'LineDrawn':
      case 'CanvasRestored':
      case 'CheckpointNamed':
        return [putDoc(CANVASES, canvasId, next)];
      case 'CanvasDeleted':
        return [
          deleteDoc(CANVASES, canvasId),
          sortedRemove(userCanvasesKey(canvas.ownerId), canvasId),
          setRemove(ownedLiveKey(canvas.ownerId), canvasId),
          ...canvas.collaborators.map((userId) => setRemove(collaboratingKey(userId), canvasId)),
        ];
      case 'UserInvited':
        next.invited = [...without(canvas.invited, event.data.userId), event.data.userId];
        return saveMembership(next);
      case 'InvitationAccepted':
        next.invited = without(canvas.invited, event.data.userId);
        next.collaborators = [
          ...without(canvas.collaborators, event.data.userId),
          event.data.userId,
        ];
        return [...saveMembership(next), setAdd(collaboratingKey(event.data.userId), canvasId)];
      case 'CollaboratorRemoved':
      case 'CollaboratorLeft':
        next.invited = without(canvas.invited, event.data.userId);
        next.collaborators = without(canvas.collaborators, event.data.userId);
        return [...saveMembership(next), setRemove(collaboratingKey(event.data.userId), canvasId)];
    }
  },
};
