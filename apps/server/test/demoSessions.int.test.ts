/**
 * Issue 10 point 7: the two shared demo accounts keep the one-session rule without locking
 * visitors out. A closed tab frees its account at once; an idle session (DEMO_IDLE_MINUTES)
 * gives its account to the next visitor; an active one keeps it. Real server and sockets; the
 * app's clock is a test clock, so "idle" is decided by the clock, not by waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  LOGOUT_FROM_OTHER_DEVICE,
  YOU_CAN_LOGIN_SAFELY,
} from '@tabula/domain';
import type { AuthenticatedUser } from '@tabula/domain/protocol';
import { parseConfig } from '../src/config';
import { closeOnServer, disconnection } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { DEMO_PASSWORD, emitWithAck, startTestServer } from './testServer';

const IDLE_MS = 15 * 60 * 1000;

describe('demo sessions', () => {
  let server: TestServer;
  let now = Date.parse('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({
      overrides: {
        clock: { now: () => new Date(now) },
        demo: { enabled: true, password: DEMO_PASSWORD, idleMs: IDLE_MS },
      },
    });
  });
  afterAll(() => server.close());

  function demoLogin(account: 1 | 2) {
    return server.post<AuthenticatedUser>('/auth/demologin', { account });
  }

  /** A visitor on demo account `account` with its tab open (one connected socket). */
  async function visitor(account: 1 | 2): Promise<{ token: string; socket: ClientSocket }> {
    const answer = await demoLogin(account);
    expect(answer.status).toBe(200);
    const token = answer.body.data!.token;
    return { token, socket: await server.socket(token) };
  }

  it('a demo account whose tab was closed is free for the next visitor at once', async () => {
    const first = await visitor(1);
    expect((await demoLogin(1)).status).toBe(409);

    await closeOnServer(server, first.socket);
    // Presence drops the socket asynchronously after the disconnect listeners ran.
    await expect.poll(async () => (await demoLogin(1)).status).toBe(200);
  });

  it('keeps the account of an active visitor, and gives it up after DEMO_IDLE_MINUTES idle', async () => {
    const first = await visitor(2);

    now += IDLE_MS - 1000;
    const early = await demoLogin(2);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(LOGOUT_FROM_OTHER_DEVICE);

    // Any message from the visitor's tab counts as activity and restarts the idle time.
    await emitWithAck(first.socket, 'check-if-logged-in', 'demo-user-2');
    now += IDLE_MS - 1000;
    expect((await demoLogin(2)).status).toBe(409);

    now += 1000;
    const ended = disconnection(first.socket);
    const second = await demoLogin(2);
    expect(second.status).toBe(200);
    expect(await ended).toBe('io server disconnect');

    // The idle visitor's session is over; the new one passes the realtime check.
    const stale = await server.get('/auth/fetchuser', first.token);
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(AUTHENTICATE_WITH_VALID_TOKEN);
    const socket = await server.socket(second.body.data!.token);
    const check = await emitWithAck<{ success: boolean; message: string }>(
      socket,
      'check-if-logged-in',
      'demo-user-2',
    );
    expect(check).toEqual({
      ok: true,
      data: { success: false, message: YOU_CAN_LOGIN_SAFELY },
    });
    await closeOnServer(server, socket);
  });

  it('does not release an idle session of a non-demo account', async () => {
    const email = `regular-${Date.now()}@example.test`;
    const signUp = await server.post<AuthenticatedUser>('/auth/createuser', {
      username: `regular${Date.now() % 100000}`,
      email,
      password: 'regular-password',
    });
    const socket = await server.socket(signUp.body.data!.token);
    now += 10 * IDLE_MS;
    const again = await server.post('/auth/loginuser', { email, password: 'regular-password' });
    expect(again.status).toBe(409);
    await closeOnServer(server, socket);
  });

  it('reads DEMO_IDLE_MINUTES (default 15) from the environment', () => {
    expect(parseConfig({}).demoIdleMinutes).toBe(15);
    expect(parseConfig({ DEMO_IDLE_MINUTES: '5' }).demoIdleMinutes).toBe(5);
    expect(() => parseConfig({ DEMO_IDLE_MINUTES: '0' })).toThrow(/DEMO_IDLE_MINUTES/);
  });
});
