import { useCallback, useMemo, useState } from 'react';
import type { GroupPerson } from '@tabula/ui';
import type { Collaborator } from '@tabula/domain/protocol';
import type { RemotePeer } from '@tabula/whiteboard/collab';
import { useAppSelector } from '../app/ServicesContext';

/**
 * The people of a canvas to show its user: its members but the user (from
 * `collaborator-joined`), `here` when the server says they have the canvas open
 * (`present`, from `canvas-people`; until it has said, when the board has seen their pointer
 * on it), plus anyone seen here who is not a member yet. Here first, then by name. While the
 * connection is down (`connected` false) nobody is known to be here: no green dots.
 */
export function peopleOfCanvas(
  members: readonly Collaborator[],
  peers: readonly RemotePeer[],
  selfId: string | undefined,
  ownerId?: string,
  present?: readonly string[],
  connected = true,
): GroupPerson[] {
  const here = new Set(
    connected ? (present ?? peers.filter((peer) => peer.pointer).map((peer) => peer.userId)) : [],
  );
  const people = new Map<string, GroupPerson>();
  const add = (id: string, name: string, photo: string | undefined) => {
    if (id === selfId || people.has(id)) return;
    const note = id === ownerId ? 'owner' : undefined;
    people.set(id, { id, name, photo, here: here.has(id), ...(note && { note }) });
  };
  for (const member of members)
    add(member.userId, member.username, member.profilePhoto || undefined);
  for (const peer of peers)
    if (here.has(peer.userId)) add(peer.userId, peer.username, peer.avatarUrl);
  return [...people.values()].sort(
    (a, b) => Number(b.here ?? false) - Number(a.here ?? false) || a.name.localeCompare(b.name),
  );
}

const NO_MEMBERS: readonly Collaborator[] = [];

/**
 * The people of the open canvas for its header and sidebar, and the callback the board tells
 * its peers through.
 */
export function useCanvasPeople(
  canvasId: string,
  ownerId: string | undefined,
): { people: GroupPerson[]; onPeersChange: (peers: readonly RemotePeer[]) => void } {
  const members = useAppSelector((s) => s.collaborators[canvasId] ?? NO_MEMBERS);
  const present = useAppSelector((s) => s.present[canvasId]);
  const selfId = useAppSelector((s) => s.session?.user.id);
  const connected = useAppSelector((s) => s.connected);
  const [peers, setPeers] = useState<readonly RemotePeer[]>([]);
  const onPeersChange = useCallback((next: readonly RemotePeer[]) => setPeers(next), []);
  const people = useMemo(
    () => peopleOfCanvas(members, peers, selfId, ownerId, present, connected),
    [members, peers, selfId, ownerId, present, connected],
  );
  return { people, onPeersChange };
}
