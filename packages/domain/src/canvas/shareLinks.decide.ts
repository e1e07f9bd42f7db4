/**
 * View-only links of a canvas: only the owner creates and revokes them, at most
 * `MAX_SHARE_LINKS` at once, each id once. The secret is drawn and hashed by the server (the
 * domain has no randomness); the aggregate keeps only the hash.
 */
import { DomainError } from '../shared/errors';
import { eventMetadataFor } from '../shared/eventMetadata';
import {
  CANVAS_NOT_FOUND,
  INVALID_REQUEST,
  NOT_ALLOWED,
  SHARE_LINK_NOT_FOUND,
  TOO_MANY_SHARE_LINKS,
} from '../shared/strings';
import type { CreateShareLink, RevokeShareLink } from './canvas.commands';
import type { ShareLinkCreated, ShareLinkRevoked } from './canvas.events';
import type { ActiveCanvas, CanvasState } from './canvas.state';
import { canRead } from './canvas.state';

/** View links one canvas may have at once. */
export const MAX_SHARE_LINKS = 10;

function ownedCanvas(state: CanvasState, command: CreateShareLink | RevokeShareLink): ActiveCanvas {
  if (state.status !== 'active') throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  if (state.canvasId !== command.data.canvasId) throw new DomainError('INVALID', INVALID_REQUEST);
  // A stranger is told the same as for a canvas that does not exist; a collaborator, 403.
  if (!canRead(state, command.metadata.actorId))
    throw new DomainError('NOT_FOUND', CANVAS_NOT_FOUND);
  if (state.ownerId !== command.metadata.actorId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  return state;
}

export function createShareLink(state: CanvasState, command: CreateShareLink): [ShareLinkCreated] {
  const canvas = ownedCanvas(state, command);
  const { linkId, tokenHash } = command.data;
  if (canvas.shareLinks.length >= MAX_SHARE_LINKS) {
    throw new DomainError('CONFLICT', TOO_MANY_SHARE_LINKS);
  }
  if (canvas.shareLinks.some((link) => link.linkId === linkId || link.tokenHash === tokenHash)) {
    throw new DomainError('CONFLICT', INVALID_REQUEST);
  }
  return [
    {
      type: 'ShareLinkCreated',
      data: { canvasId: canvas.canvasId, linkId, tokenHash },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}

export function revokeShareLink(state: CanvasState, command: RevokeShareLink): [ShareLinkRevoked] {
  const canvas = ownedCanvas(state, command);
  const link = canvas.shareLinks.find((candidate) => candidate.linkId === command.data.linkId);
  if (!link) throw new DomainError('NOT_FOUND', SHARE_LINK_NOT_FOUND);
  return [
    {
      type: 'ShareLinkRevoked',
      data: { canvasId: canvas.canvasId, linkId: link.linkId, tokenHash: link.tokenHash },
      metadata: eventMetadataFor(command.metadata),
    },
  ];
}
