import { describe, expect, it } from 'vitest';
import { createRealtimeClient, RealtimeError } from './realtimeClient';
import { FakeSocket } from '../test/fakeSocket';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createRealtimeClient', () => {
  it('exposes a server event as an Observable and stops listening on unsubscribe', () => {
    const fake = new FakeSocket();
    const client = createRealtimeClient(fake.asSocket());
    const seen: unknown[] = [];

    const subscription = client.on('get-online-users').subscribe((users) => seen.push(users));
    fake.serverEmit('get-online-users', {
      u1: { userId: 'u1', username: 'ada', profilePhoto: '' },
    });
    subscription.unsubscribe();
    fake.serverEmit('get-online-users', {});

    expect(seen).toEqual([{ u1: { userId: 'u1', username: 'ada', profilePhoto: '' } }]);
    expect(fake.listenerCount('get-online-users')).toBe(0);
  });

  it('asks check-if-logged-in once connected and answers from the if-logged-in event', async () => {
    const fake = new FakeSocket();
    const client = createRealtimeClient(fake.asSocket());

    const answer = client.checkLoggedInElsewhere('u1');
    fake.connect();
    await flush();
    expect(fake.emitted.map((c) => [c.event, c.args])).toEqual([['check-if-logged-in', ['u1']]]);
    fake.serverEmit('if-logged-in', { success: true, message: 'User loggedin already.' });

    await expect(answer).resolves.toBe(true);
  });

  it('answers check-if-logged-in from the ack as well', async () => {
    const fake = new FakeSocket();
    fake.connect();
    const client = createRealtimeClient(fake.asSocket());

    const answer = client.checkLoggedInElsewhere('u1');
    await flush();
    fake.answer('check-if-logged-in', {
      ok: true,
      data: { success: false, message: 'You can login safely.' },
    });

    await expect(answer).resolves.toBe(false);
  });

  it("rejects with the server's reason when the handshake is refused", async () => {
    const fake = new FakeSocket();
    const client = createRealtimeClient(fake.asSocket());

    const connected = client.whenConnected();
    const refusal = Object.assign(new Error('Please authenticate using a valid token'), {
      data: { code: 'NOT_AUTHENTICATED' },
    });
    fake.serverEmit('connect_error', refusal);

    await expect(connected).rejects.toMatchObject({
      message: 'Please authenticate using a valid token',
      code: 'NOT_AUTHENTICATED',
    });
  });

  it('waits through a failed connection attempt that Socket.IO tries again', async () => {
    const fake = new FakeSocket();
    const client = createRealtimeClient(fake.asSocket());
    let settled = 'no';

    const connected = client.whenConnected().then(
      () => (settled = 'connected'),
      () => (settled = 'rejected'),
    );
    fake.serverEmit('connect_error', new Error('timeout'));
    await flush();
    expect(settled).toBe('no');
    fake.connect();
    await connected;
    expect(settled).toBe('connected');
  });

  it('turns an error ack into a RealtimeError with the server message', async () => {
    const fake = new FakeSocket();
    fake.connect();
    const client = createRealtimeClient(fake.asSocket());

    const invite = client.inviteUser({ toUserId: 'u2', canvasId: 'c1', canvasName: 'S' });
    fake.answer('invite-user', {
      ok: false,
      error: { code: 'CONFLICT', message: 'User already joined the canvas.' },
    });

    const error = await invite.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealtimeError);
    expect(error).toMatchObject({ message: 'User already joined the canvas.', code: 'CONFLICT' });
  });

  it('sends the spec payloads for leave, delete and log-out', async () => {
    const fake = new FakeSocket();
    fake.connect();
    const client = createRealtimeClient(fake.asSocket());

    const pending = [client.leaveCanvas('c1'), client.deleteCanvas('c2'), client.logOut('u1')];
    fake.answer('leave-canvas', { ok: true, data: { canvasId: 'c1' } });
    fake.answer('delete-canvas', { ok: true, data: { canvasId: 'c2' } });
    fake.answer('log-out', { ok: true, data: null });
    await Promise.all(pending);

    expect(fake.emitted.map((c) => [c.event, c.args])).toEqual([
      ['leave-canvas', [{ canvasId: 'c1' }]],
      ['delete-canvas', ['c2']],
      ['log-out', ['u1']],
    ]);
  });
});
