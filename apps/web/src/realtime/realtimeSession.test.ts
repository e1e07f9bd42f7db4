import { describe, expect, it } from 'vitest';
import { createRealtimeClient } from './realtimeClient';
import { createRealtimeSession } from './realtimeSession';
import { FakeSocket } from '../test/fakeSocket';

function setup() {
  const sockets: FakeSocket[] = [];
  const session = createRealtimeSession(() => {
    const fake = new FakeSocket();
    sockets.push(fake);
    return createRealtimeClient(fake.asSocket());
  });
  return { session, sockets };
}

describe('createRealtimeSession', () => {
  it('reuses the connection for the same token and replaces it for another', () => {
    const { session, sockets } = setup();

    const first = session.connect('a');
    expect(session.connect('a')).toBe(first);
    session.connect('b');

    expect(sockets).toHaveLength(2);
    expect(session.token()).toBe('b');
  });

  it('keeps event streams across reconnects and stops them on disconnect', () => {
    const { session, sockets } = setup();
    const seen: string[] = [];
    session.events('disconnected-user').subscribe((id) => seen.push(id));

    session.connect('a');
    sockets[0]!.serverEmit('disconnected-user', 'u1');
    session.connect('b');
    sockets[0]!.serverEmit('disconnected-user', 'stale');
    sockets[1]!.serverEmit('disconnected-user', 'u2');
    session.disconnect();
    sockets[1]!.serverEmit('disconnected-user', 'after');

    expect(seen).toEqual(['u1', 'u2']);
    expect(session.current()).toBeNull();
  });
});
