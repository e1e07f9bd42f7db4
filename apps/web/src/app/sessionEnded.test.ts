import { describe, expect, it } from 'vitest';
import type { FakeSocket } from '../test/fakeSocket';
import { watchSessionEnded } from './sessionEnded';
import { servicesWithFakeSockets } from '../test/fakeServices';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const user = { id: 'u1', username: 'ada', name: 'Ada', email: 'a@x.io', profilePhoto: '' };

async function signedIn() {
  const { services, sockets, storage } = servicesWithFakeSockets();
  const visited: string[] = [];
  const watch = watchSessionEnded(services, (to) => visited.push(to));
  services.storeSession({ user, token: 't1' });
  await flush();
  sockets[0]!.connect();
  return { services, storage, socket: sockets[0]!, visited, watch };
}

describe('watchSessionEnded', () => {
  it('says so, drops the session and sends the user to sign in when the server ends it', async () => {
    const { services, storage, socket, visited } = await signedIn();

    socket.serverEmit('disconnect', 'io server disconnect');

    expect(services.store.get().session).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(services.realtime.current()).toBeNull();
    expect(visited).toEqual(['/signin']);
    expect(services.alerts.getSnapshot().context).toMatchObject({
      text: 'You were signed out on another device. Sign in again to save your work.',
      alertType: 'danger',
    });
  });

  it('treats a refused handshake of the signed-in session the same way', async () => {
    const { services, visited } = await signedIn();
    const socket = services.realtime.current()!.socket as unknown as FakeSocket;

    socket.serverEmit(
      'connect_error',
      Object.assign(new Error('Please authenticate using a valid token'), {
        data: { code: 'NOT_AUTHENTICATED' },
      }),
    );

    expect(services.store.get().session).toBeNull();
    expect(visited).toEqual(['/signin']);
  });

  it('ignores a dropped connection (the socket reconnects by itself)', async () => {
    const { services, socket, visited } = await signedIn();

    socket.serverEmit('disconnect', 'transport close');

    expect(services.store.get().session).not.toBeNull();
    expect(visited).toEqual([]);
  });

  it("ignores the disconnect that follows the user's own sign-out", async () => {
    const { services, socket, visited } = await signedIn();

    services.store.set((s) => ({ ...s, session: null }));
    socket.serverEmit('disconnect', 'io server disconnect');

    expect(visited).toEqual([]);
  });
});
