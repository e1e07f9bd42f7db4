import type { Collaborator, SocketId } from '@excalidraw/excalidraw/types';
import type { WhiteboardCollaborator } from './Whiteboard.types';

/** Cursor colours for peers, picked by a hash of their id so each keeps one colour. */
const PALETTE: readonly { background: string; stroke: string }[] = [
  { background: '#ffc9c9', stroke: '#e03131' },
  { background: '#b2f2bb', stroke: '#2f9e44' },
  { background: '#a5d8ff', stroke: '#1971c2' },
  { background: '#ffec99', stroke: '#f08c00' },
  { background: '#eebefa', stroke: '#9c36b5' },
  { background: '#99e9f2', stroke: '#0c8599' },
];

/** A stable colour for an id. */
export function colorFor(id: string): { background: string; stroke: string } {
  let hash = 0;
  for (let i = 0; i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? { background: '#ced4da', stroke: '#495057' };
}

/**
 * Our peers as Excalidraw's collaborators map, for its avatar list only: without pointers, so
 * Excalidraw draws no cursors (the board's peer layer does, without re-rendering the editor).
 */
export function toExcalidrawCollaborators(
  collaborators: readonly WhiteboardCollaborator[],
): Map<SocketId, Collaborator> {
  const map = new Map<SocketId, Collaborator>();
  for (const peer of collaborators) {
    map.set(peer.id as SocketId, {
      id: peer.id,
      socketId: peer.id as SocketId,
      username: peer.username,
      avatarUrl: peer.avatarUrl,
      color: colorFor(peer.id),
    });
  }
  return map;
}
