// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { canvasIdOfPath, Layout, showsCursorBlob } from './Layout';
import { ServicesProvider } from './ServicesContext';
import { servicesWithFakeSockets } from '../test/fakeServices';

afterEach(cleanup);

const user = { id: 'u1', username: 'ada', name: 'Ada', email: 'ada@x.io', profilePhoto: '' };

async function renderSignedIn(path = '/canvases') {
  const { services, sockets, storage } = servicesWithFakeSockets({
    token: 'tok',
    'background-color': 'white',
  });
  services.storeSession({ user, token: 'tok' });
  await waitFor(() => expect(services.realtime.current()).not.toBeNull());
  sockets[0]!.connect();
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/canvases" element={<p>canvases page</p>} />
            <Route path="/signin" element={<p>sign-in page</p>} />
            <Route path="/livecanvas/:id" element={<p>live page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { services, storage, socket: sockets[0]! };
}

describe('Layout', () => {
  it('signs out: clears token and background colour, emits log-out, goes to /signin', async () => {
    const { services, storage, socket } = await renderSignedIn();

    fireEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);

    // First the device is asked for unsent changes (its store's code loads on demand).
    await screen.findByText('sign-in page', undefined, { timeout: 20_000 });
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('background-color')).toBeNull();
    expect(services.store.get().session).toBeNull();
    expect(socket.emitted.some((c) => c.event === 'log-out' && c.args[0] === 'u1')).toBe(true);
  });

  it('shows a received invitation and accepting opens the live canvas', async () => {
    const { socket } = await renderSignedIn();

    act(() =>
      socket.serverEmit('receive-invitation', {
        canvasId: 'c9',
        canvasName: 'Team board',
        adminUserId: 'u2',
        adminProfilePhoto: '',
        username: 'grace',
      }),
    );
    await screen.findByText(/Team board/);
    fireEvent.click(screen.getByRole('button', { name: /Accept/ }));
    await waitFor(() =>
      expect(socket.emitted.some((c) => c.event === 'accept-invitation')).toBe(true),
    );
    act(() => socket.answer('accept-invitation', { ok: true, data: { canvasId: 'c9' } }));

    await screen.findByText('live page');
  });
});

describe('showsCursorBlob', () => {
  it('hides the blob on /canvas and /livecanvas and shows it elsewhere', () => {
    expect(showsCursorBlob('/canvas/abc')).toBe(false);
    expect(showsCursorBlob('/livecanvas/abc')).toBe(false);
    expect(showsCursorBlob('/view/t0k3n')).toBe(false);
    expect(showsCursorBlob('/')).toBe(true);
    expect(showsCursorBlob('/canvases')).toBe(true);
    expect(showsCursorBlob('/livecanvases')).toBe(true);
  });
});

describe('canvasIdOfPath', () => {
  it('names the canvas of the canvas screens, the same on /canvas and /livecanvas', () => {
    expect(canvasIdOfPath('/canvas/abc')).toBe('abc');
    expect(canvasIdOfPath('/livecanvas/abc')).toBe('abc');
    expect(canvasIdOfPath('/livecanvas/abc/history')).toBe('abc');
    // A view link's page is a canvas screen too (keyed by its token).
    expect(canvasIdOfPath('/view/t0k3n')).toBe('t0k3n');
    expect(canvasIdOfPath('/canvases')).toBeNull();
    expect(canvasIdOfPath('/livecanvases')).toBeNull();
    expect(canvasIdOfPath('/')).toBeNull();
  });
});
