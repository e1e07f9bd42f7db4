// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ServicesProvider } from '../../app/ServicesContext';
import { servicesWithFakeSockets } from '../../test/fakeServices';
import { drawn } from './testEntries';
import { useCanvasRoom } from './useCanvasRoom';

afterEach(cleanup);

const user = { id: 'u1', username: 'ada', name: 'Ada', email: 'ada@x.io', profilePhoto: '' };

async function renderRoom() {
  const { services, sockets } = servicesWithFakeSockets({ token: 'tok' });
  services.storeSession({ user, token: 'tok' });
  await waitFor(() => expect(services.realtime.current()).not.toBeNull());
  const socket = sockets[0]!;
  socket.connect();
  const listener = { onEntry: vi.fn(), onJoined: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>{children}</ServicesProvider>
  );
  const hook = renderHook(() => useCanvasRoom('c1', listener), { wrapper });
  return { socket, listener, hook };
}

const joins = (socket: Awaited<ReturnType<typeof renderRoom>>['socket']) =>
  socket.emitted.filter((call) => call.event === 'watch-canvas');

describe('useCanvasRoom', () => {
  it('watches the room (no board), reports it and the canvas’s new entries only', async () => {
    const { socket, listener } = await renderRoom();
    expect(joins(socket).map((call) => call.args[0])).toEqual([{ canvasId: 'c1' }]);
    socket.answer('watch-canvas', { ok: true, data: { canvasId: 'c1', revision: 3 } });
    await waitFor(() => expect(listener.onJoined).toHaveBeenCalledTimes(1));

    socket.serverEmit('history-appended', { canvasId: 'c1', entry: drawn(4) });
    socket.serverEmit('history-appended', { canvasId: 'other', entry: drawn(9) });
    expect(listener.onEntry).toHaveBeenCalledTimes(1);
    expect(listener.onEntry).toHaveBeenCalledWith(drawn(4));
  });

  it('watches again after a reconnect, and leaves the room when the screen goes', async () => {
    const { socket, listener, hook } = await renderRoom();
    socket.answer('watch-canvas', { ok: true, data: { canvasId: 'c1', revision: 3 } });
    await waitFor(() => expect(listener.onJoined).toHaveBeenCalledTimes(1));

    socket.connected = false;
    socket.serverEmit('disconnect', 'transport close');
    socket.connect();
    expect(joins(socket)).toHaveLength(2);
    socket.answer('watch-canvas', { ok: true, data: { canvasId: 'c1', revision: 5 } });
    await waitFor(() => expect(listener.onJoined).toHaveBeenCalledTimes(2));

    hook.unmount();
    expect(socket.emitted.at(-1)).toMatchObject({
      event: 'close-canvas',
      args: [{ canvasId: 'c1' }],
    });
    socket.serverEmit('history-appended', { canvasId: 'c1', entry: drawn(6) });
    expect(listener.onEntry).not.toHaveBeenCalled();
  });
});
