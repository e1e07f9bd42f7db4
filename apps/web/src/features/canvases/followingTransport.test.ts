import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { TransportError } from '@tabula/whiteboard/collab';
import type { TransportStatus } from '@tabula/whiteboard/collab';
import { createRealtimeClient } from '../../realtime/realtimeClient';
import type { RealtimeClient } from '../../realtime/realtimeClient';
import { FakeSocket } from '../../test/fakeSocket';
import { followingTransport } from './followingTransport';

function client(): { fake: FakeSocket; client: RealtimeClient } {
  const fake = new FakeSocket();
  return { fake, client: createRealtimeClient(fake.asSocket()) };
}

describe('followingTransport', () => {
  it('with no socket yet (offline start) says connecting and fails requests at once', async () => {
    const clients = new BehaviorSubject<RealtimeClient | null>(null);
    const transport = followingTransport(clients);
    const statuses: TransportStatus[] = [];
    transport.status$.subscribe((status) => statuses.push(status));
    expect(statuses).toEqual(['connecting']);
    await expect(transport.request('join-canvas', { canvasId: 'c1' })).rejects.toBeInstanceOf(
      TransportError,
    );
    expect(transport.inkWritable?.()).toBe(false);
    transport.close();
  });

  it('follows the app’s socket once there is one, and the next one after it', async () => {
    const clients = new BehaviorSubject<RealtimeClient | null>(null);
    const transport = followingTransport(clients);
    const statuses: TransportStatus[] = [];
    const heard: unknown[] = [];
    transport.status$.subscribe((status) => statuses.push(status));
    transport.events('updated-canvas').subscribe((message) => heard.push(message));

    const first = client();
    first.fake.connected = true;
    clients.next(first.client);
    expect(statuses.at(-1)).toBe('connected');
    const joined = transport.request('join-canvas', { canvasId: 'c1' });
    first.fake.answer('join-canvas', { ok: true, data: { revision: 0 } });
    await expect(joined).resolves.toEqual({ ok: true, data: { revision: 0 } });
    first.fake.serverEmit('updated-canvas', { canvasId: 'c1' });

    const second = client();
    clients.next(second.client);
    expect(statuses.at(-1)).toBe('connecting');
    first.fake.serverEmit('updated-canvas', { canvasId: 'old' });
    second.fake.connect();
    expect(statuses.at(-1)).toBe('connected');
    second.fake.serverEmit('updated-canvas', { canvasId: 'c2' });
    expect(heard).toEqual([{ canvasId: 'c1' }, { canvasId: 'c2' }]);

    transport.close();
    await expect(transport.request('join-canvas', { canvasId: 'c1' })).rejects.toBeInstanceOf(
      TransportError,
    );
  });
});
