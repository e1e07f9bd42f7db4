import { describe, expect, it } from 'vitest';
import { createRealtimeClient } from './realtimeClient';
import { createRealtimeSession } from './realtimeSession';
import { FakeSocket } from '../test/fakeSocket';

function setup() {
  const sockets: FakeSocket[] = [];
  const session = createRealtimeSession(async () => {
    const fake = new FakeSocket();
    sockets.push(fake);
    return createRealtimeClient(fake.asSocket());
  });
  return { session, sockets };
}

describe('createRealtimeSession', () => {
  it('reuses the connection for the same token and replaces it for another', async () => {
    const { session, sockets } = setup();

    const first = await session.connect('a');
    expect(await session.connect('a')).toBe(first);
    await session.connect('b');

    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.connected).toBe(false);
    expect(session.token()).toBe('b');
  });

  it('keeps event streams across reconnects and stops them on disconnect', async () => {
    const { session, sockets } = setup();
    const seen: string[] = [];
    session.events('disconnected-user').subscribe((id) => seen.push(id));

    await session.connect('a');
    sockets[0]!.serverEmit('disconnected-user', 'u1');
    await session.connect('b');
    sockets[0]!.serverEmit('disconnected-user', 'stale');
    sockets[1]!.serverEmit('disconnected-user', 'u2');
    session.disconnect();
    sockets[1]!.serverEmit('disconnected-user', 'after');

    expect(seen).toEqual(['u1', 'u2']);
    expect(session.current()).toBeNull();
  });

  it('drops a connection that a sign-out overtook while it was opening', async () => {
    const { session, sockets } = setup();

    const opening = session.connect('a');
    session.disconnect();

    await expect(opening).rejects.toThrow('superseded');
    expect(session.current()).toBeNull();
    expect(sockets[0]!.listenerCount('connect')).toBe(0);
  });
});
