/**
 * Issue #26: presence follows the connection. Against the real server: a partner's cursor (and
 * the peers list Excalidraw's avatars come from) is not shown while this client's connection
 * is down, and is back once it reconnects.
 */
import { BehaviorSubject, filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { RemotePeer } from './peers';
import { open, sharedCanvas, useEngineServer } from '../test/engineServer';
import { until } from '../test/testBoard';

const server = useEngineServer();

describe('peers while the connection is down', () => {
  it("hides the partner's cursor and avatar offline and shows them again on reconnect", async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    const b = await open(server().url, bob, canvasId);
    const peers = new BehaviorSubject<RemotePeer[]>([]);
    a.client.peers$.subscribe(peers);
    // The list goes out at the next frame: wait on the list itself.
    const listed = (bobThere: boolean) =>
      firstValueFrom(
        peers.pipe(filter((list) => list.some((peer) => peer.userId === bob.userId) === bobThere)),
      );
    const bobsCursor = () => a.client.peerActivity.cursors().find((c) => c.id === bob.userId);

    b.client.movePointer({ x: 120, y: 80 });
    await until(a, () => bobsCursor() !== undefined, "Bob's cursor");
    await listed(true);

    a.transport.socket.disconnect();
    await until(a, () => a.client.status !== 'live', 'the connection down');
    expect(a.client.peerActivity.cursors()).toEqual([]);
    await listed(false);
    expect(peers.value).toEqual([]);

    a.transport.socket.connect();
    await until(a, () => a.client.status === 'live', 'live again');
    await until(a, () => bobsCursor() !== undefined, "Bob's cursor back");
    expect(bobsCursor()?.pointer).toMatchObject({ x: 120, y: 80 });
    await listed(true);
  });
});
