/**
 * The benchmark's users and canvases, made as people make them, through the balancer: each
 * user signs up, the first of each room creates its canvas and invites the others, who accept
 * (each on a socket to the node it will draw on).
 */
import { rest } from '../support/rest';
import { call, connected, hearsOnline } from '../support/socketCalls';
import { connect, signUp } from '../support/tab';
import type { SignedUp } from '../support/tab';

export interface Room {
  canvasId: string;
  /** The owner first. */
  users: SignedUp[];
}

/** Where the benchmark puts client `client` of room `room`: round robin over the nodes. */
export function nodeOf(nodes: readonly { name: string }[], perRoom: number) {
  return (room: number, client: number) => nodes[(room * perRoom + client) % nodes.length]!.name;
}

function ok(what: string, answer: { ok: boolean }): void {
  if (!answer.ok) throw new Error(`${what} refused: ${JSON.stringify(answer)}`);
}

async function makeRoom(
  url: string,
  index: number,
  perRoom: number,
  nodeName: (client: number) => string,
): Promise<Room> {
  const users = await Promise.all(
    Array.from({ length: perRoom }, (_, client) => signUp(url, `r${index}c${client}`)),
  );
  const sockets = users.map((user, client) => connect(url, user, nodeName(client)));
  try {
    const [owner, ...guests] = users;
    const ownerSocket = sockets[0]!.socket;
    await connected(ownerSocket);
    // The server invites only users who are online: the owner hears each one come.
    const online = guests.map((guest) => hearsOnline(ownerSocket, guest.id));
    await Promise.all(sockets.map((transport) => connected(transport.socket)));
    await Promise.all(online);
    const created = await rest<{ _id: string }>(url, '/canvas/createcanvas', {
      body: { name: `Bench room ${index}` },
      token: owner!.token,
    });
    const canvasId = created.body.data?._id;
    if (!canvasId) throw new Error(`createcanvas: ${JSON.stringify(created.body)}`);
    for (const [i, guest] of guests.entries()) {
      const invitation = { toUserId: guest.id, canvasId, canvasName: `Bench room ${index}` };
      ok('invite-user', await call(ownerSocket, 'invite-user', invitation));
      ok(
        'accept-invitation',
        await call(sockets[i + 1]!.socket, 'accept-invitation', { canvasId }),
      );
    }
    return { canvasId, users };
  } finally {
    for (const transport of sockets) transport.close();
  }
}

/** `rooms` canvases of `perRoom` members each; member `client` of room `room` on its node. */
export async function makeRooms(
  url: string,
  rooms: number,
  perRoom: number,
  nodeName: (room: number, client: number) => string,
): Promise<Room[]> {
  const made: Room[] = [];
  for (let room = 0; room < rooms; room++)
    made.push(await makeRoom(url, room, perRoom, (client) => nodeName(room, client)));
  return made;
}
