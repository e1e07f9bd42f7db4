import { describe, expect, it } from 'vitest';
import { bindRealtime } from './bindRealtime';
import { servicesWithFakeSockets } from '../test/fakeServices';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const user = { id: 'u1', username: 'ada', name: 'Ada', email: 'a@x.io', profilePhoto: 'p' };

function setup() {
  const { services, sockets, storage } = servicesWithFakeSockets({ 'background-color': 'white' });
  const wiring = bindRealtime(services);
  return { services, sockets, storage, wiring };
}

describe('bindRealtime', () => {
  it('announces the user online and asks for collaborator canvases once signed in and connected', async () => {
    const { services, sockets } = setup();

    services.storeSession({ user, token: 't1' });
    await flush();
    sockets[0]!.connect();

    expect(sockets[0]!.emitted.map((c) => c.event)).toEqual([
      'online',
      'get-all-collaborator-canvases',
    ]);
    expect(sockets[0]!.emitted[0]!.args).toEqual([
      { userId: 'u1', username: 'ada', profilePhoto: 'p' },
    ]);
  });

  it('keeps presence, collaborators, admin and live lists in the store', async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();
    const socket = sockets[0]!;

    socket.serverEmit('get-online-users', {
      u2: { userId: 'u2', username: 'bo', profilePhoto: '' },
    });
    socket.serverEmit('collaborator-joined', {
      canvasId: 'c1',
      collaborators: [{ userId: 'u2', username: 'bo', profilePhoto: '' }],
    });
    socket.serverEmit('get-admin-of-canvases', ['c1']);
    socket.serverEmit('all-collaborator-canvases', [{ canvasId: 'c9', canvasName: 'L', id: 'u3' }]);
    socket.serverEmit('disconnected-user', 'u2');

    const state = services.store.get();
    expect(state.onlineUsers).toEqual({});
    expect(state.collaborators).toEqual({
      c1: [{ userId: 'u2', username: 'bo', profilePhoto: '' }],
    });
    expect(state.adminCanvasIds).toEqual(['c1']);
    expect(state.liveCanvases).toEqual([{ canvasId: 'c9', canvasName: 'L', id: 'u3' }]);
  });

  it('follows the initial online list and its deltas', async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();
    const socket = sockets[0]!;
    socket.serverEmit('online-users', {
      users: [
        { userId: 'u1', username: 'ada' },
        { userId: 'u2', username: 'bo' },
      ],
    });
    socket.serverEmit('online-users-changed', {
      joined: [{ userId: 'u3', username: 'cy' }],
      left: ['u2'],
    });
    expect(services.store.get().onlineUsers).toEqual({
      u1: { userId: 'u1', username: 'ada', profilePhoto: '' },
      u3: { userId: 'u3', username: 'cy', profilePhoto: '' },
    });
  });

  it('shows a realtime error as a danger alert and an accepted invitation as a normal one', async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();

    sockets[0]!.serverEmit('invitation-accepted', {
      canvasId: 'c1',
      userId: 'u2',
      message: 'bo joined the canvas',
    });
    expect(services.alerts.getSnapshot().context).toEqual({
      text: 'bo joined the canvas',
      alertType: 'alert',
    });

    sockets[0]!.serverEmit('error', { message: 'You were removed by the admin.' });
    expect(services.alerts.getSnapshot().context).toEqual({
      text: 'You were removed by the admin.',
      alertType: 'danger',
    });
  });

  it("clearStorage removes 'token' and 'background-color'; clearState closes the connection", async () => {
    const { services, storage, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();

    services.clearStorage();
    services.clearState();

    expect(storage.entries.size).toBe(0);
    expect(sockets[0]!.connected).toBe(false);
    expect(services.store.get().session).toBeNull();
  });
});

describe('bindRealtime: invitation accepted', () => {
  it('adds the accepter to the canvas collaborators so the owner sees Remove', async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();
    sockets[0]!.serverEmit('get-online-users', {
      u2: { userId: 'u2', username: 'bo', profilePhoto: 'b' },
    });

    sockets[0]!.serverEmit('invitation-accepted', {
      canvasId: 'c1',
      userId: 'u2',
      message: 'bo joined the canvas',
    });

    expect(services.store.get().collaborators).toEqual({
      c1: [{ userId: 'u2', username: 'bo', profilePhoto: 'b' }],
    });
  });
});

describe('bindRealtime: the owner deletes a canvas the user has open', () => {
  it('tells the collaborator who deleted which canvas, once (no generic toast after it)', async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();
    const socket = sockets[0]!;
    socket.serverEmit('all-collaborator-canvases', [
      { canvasId: 'c9', canvasName: 'Plans', id: 'u3' },
    ]);
    socket.serverEmit('collaborator-joined', {
      canvasId: 'c9',
      collaborators: [
        { userId: 'u3', username: 'lea', profilePhoto: '' },
        { userId: 'u1', username: 'ada', profilePhoto: '' },
      ],
    });

    socket.serverEmit('canvas-deleted', { canvasId: 'c9', message: 'Admin deleted the canvas.' });
    socket.serverEmit('error', { message: 'Admin deleted the canvas.' });

    const state = services.store.get();
    expect(state.evictionNotice).toBe('lea deleted the canvas “Plans”.');
    expect(state.liveCanvases).toEqual([]);
    expect(services.alerts.getSnapshot().value).toBe('hidden');
    // A later deletion the user did not have open still gets the server's toast.
    socket.serverEmit('error', { message: 'Admin deleted the canvas.' });
    expect(services.alerts.getSnapshot().context.text).toBe('Admin deleted the canvas.');
  });

  it("does not tell the owner (it is the owner's own deletion)", async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();
    services.store.set((s) => ({
      ...s,
      canvases: [{ _id: 'c1', name: 'Mine', timestamp: '2024-01-01T00:00:00.000Z' }],
    }));
    sockets[0]!.serverEmit('canvas-deleted', {
      canvasId: 'c1',
      message: 'Admin deleted the canvas.',
    });
    expect(services.store.get().evictionNotice).toBeNull();
  });
});

describe('bindRealtime: the connection', () => {
  it('is in the store: down until connected, down again on a disconnect, up on reconnect', async () => {
    const { services, sockets } = setup();
    services.storeSession({ user, token: 't1' });
    await flush();
    expect(services.store.get().connected).toBe(false);
    sockets[0]!.connect();
    expect(services.store.get().connected).toBe(true);
    sockets[0]!.disconnect();
    expect(services.store.get().connected).toBe(false);
    sockets[0]!.connect();
    expect(services.store.get().connected).toBe(true);
  });
});
