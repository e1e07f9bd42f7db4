// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createRealtimeClient } from '../realtime/realtimeClient';
import { createServices } from '../app/services';
import { ServicesProvider } from '../app/ServicesContext';
import { FakeSocket } from '../test/fakeSocket';
import { memoryStorage } from '../test/memoryStorage';
import { AuthScreen } from './AuthScreen';

afterEach(cleanup);

/** The text an element's aria-describedby points at ('' when none). */
function descriptionOf(element: HTMLElement): string {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

const user = { id: 'u1', username: 'ada', name: 'Ada', email: 'ada@x.io', profilePhoto: '' };

function renderAuthScreen(reply: { status: number; body: unknown }, path = '/signin') {
  const sockets: FakeSocket[] = [];
  const storage = memoryStorage();
  const fetch = (async () =>
    new Response(JSON.stringify(reply.body), { status: reply.status })) as typeof globalThis.fetch;
  const services = createServices({
    storage,
    fetch,
    openRealtime: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return createRealtimeClient(socket.asSocket());
    },
  });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/signin" element={<AuthScreen />} />
          <Route path="/signup" element={<AuthScreen />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { services, storage, sockets };
}

function renderSignIn(reply: { status: number; body: unknown }) {
  const rendered = renderAuthScreen(reply);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@x.io' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

describe('AuthScreen', () => {
  it('signs in, stores the token and goes to /', async () => {
    const { storage, sockets } = renderSignIn({
      status: 200,
      body: { success: true, data: { ...user, token: 'tok' } },
    });

    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.connect();
    await waitFor(() =>
      expect(sockets[0]!.emitted.some((c) => c.event === 'check-if-logged-in')).toBe(true),
    );
    sockets[0]!.serverEmit('if-logged-in', { success: false, message: 'You can login safely.' });

    await screen.findByText('home page');
    expect(storage.getItem('token')).toBe('tok');
  });

  it("shows 'Logout from other device first!' and stays signed out when another device is online", async () => {
    const { services, storage, sockets } = renderSignIn({
      status: 200,
      body: { success: true, data: { ...user, token: 'tok' } },
    });

    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.connect();
    await waitFor(() => expect(sockets[0]!.emitted.length).toBeGreaterThan(0));
    sockets[0]!.serverEmit('if-logged-in', { success: true, message: 'User loggedin already.' });

    await waitFor(() =>
      expect(services.alerts.getSnapshot().context).toEqual({
        text: 'Logout from other device first!',
        alertType: 'danger',
      }),
    );
    expect(storage.getItem('token')).toBeNull();
    expect(services.store.get().session).toBeNull();
  });

  it("shows the server's message under the password field and as a danger alert", async () => {
    const { services } = renderSignIn({
      status: 401,
      body: { success: false, message: 'Invalid email or password.' },
    });

    await screen.findByText('Invalid email or password.');
    expect(services.alerts.getSnapshot().context).toEqual({
      text: 'Invalid email or password.',
      alertType: 'danger',
    });
  });

  it('shows a taken username under Username on sign-up', async () => {
    renderAuthScreen(
      { status: 409, body: { success: false, message: 'Username already exists' } },
      '/signup',
    );
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@x.io' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Username'))).toBe('Username already exists'),
    );
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(/Name/).getAttribute('maxlength')).toBe('60');
  });

  it('offers the other demo account when the chosen one is in use', async () => {
    const { services } = renderAuthScreen({
      status: 409,
      body: { success: false, message: 'Logout from other device first!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in Test User 1' }));

    const note = 'Test User 1 is in use by another visitor right now. Try Test User 2.';
    expect((await screen.findByText(note)).getAttribute('role')).toBe('status');
    expect(descriptionOf(screen.getByRole('button', { name: 'Sign in Test User 2' }))).toBe(note);
    // The note is the one message: no alert beside it (issue #26 item 8).
    expect(services.alerts.getSnapshot().value).toBe('hidden');
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBeNull();
  });
});
