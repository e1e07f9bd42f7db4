/**
 * `/auth` over real HTTP (PROTOCOL.md "REST"): one describe per call, each asserting its
 * success shape and every failure with its status and message string.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATE_WITH_VALID_TOKEN,
  DEMO_ACCOUNT_READ_ONLY,
  DEMO_ACCOUNTS_DISABLED,
  EMAIL_ALREADY_EXISTS,
  INVALID_CREDENTIALS,
  LOGOUT_FROM_OTHER_DEVICE,
  USERNAME_ALREADY_EXISTS,
} from '@tabula/domain';
import type { AuthenticatedUser, UserFields } from '@tabula/domain/protocol';
import { signUp } from './scenario';
import type { TestServer } from './testServer';
import { DEMO_PASSWORD, newUser, startTestServer } from './testServer';

const USER_FIELDS = ['email', 'id', 'name', 'profilePhoto', 'username'];

describe('/auth', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  describe('POST /auth/createuser', () => {
    it('creates the account and answers 201 with the user fields, a self-drawn avatar and a token', async () => {
      const body = newUser('signup');
      const answer = await server.post<AuthenticatedUser>('/auth/createuser', body);
      expect(answer.status).toBe(201);
      expect(answer.body.success).toBe(true);
      const data = answer.body.data!;
      expect(Object.keys(data).sort()).toEqual([...USER_FIELDS, 'token'].sort());
      expect(data).toMatchObject({ username: body.username, email: body.email, name: body.name });
      expect(data.profilePhoto).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(data.token.length).toBeGreaterThanOrEqual(22);
      expect(JSON.stringify(answer.body)).not.toContain(body.password);
      const me = await server.get<UserFields>('/auth/fetchuser', data.token);
      expect(me.body.data!.id).toBe(data.id);
    });

    it("refuses a taken email with 409 'Email already exists' (case-insensitively)", async () => {
      const first = newUser('dupmail');
      await server.post('/auth/createuser', first);
      const second = { ...newUser('other'), email: first.email.toUpperCase() };
      const answer = await server.post('/auth/createuser', second);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ success: false, message: EMAIL_ALREADY_EXISTS });
    });

    it("refuses a taken username with 409 'Username already exists'", async () => {
      const first = newUser('dupname');
      await server.post('/auth/createuser', first);
      const answer = await server.post('/auth/createuser', {
        ...newUser('other'),
        username: first.username,
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ success: false, message: USERNAME_ALREADY_EXISTS });
    });

    it('of simultaneous sign-ups with one email, exactly one succeeds and the rest get 409', async () => {
      const email = newUser('race').email;
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          server.post('/auth/createuser', { ...newUser(`race${index}`), email }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const answer of answers.filter((item) => item.status === 409))
        expect(answer.body.message).toBe(EMAIL_ALREADY_EXISTS);
    });

    it('answers 400 with a message naming the field for an invalid body', async () => {
      const answer = await server.post('/auth/createuser', { ...newUser(), email: 'not-an-email' });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/email/i);
    });
  });

  describe('POST /auth/loginuser', () => {
    it('logs in with the right password: 200, user fields including id, and a new token', async () => {
      const user = await signUp(server, 'login');
      const answer = await server.post<AuthenticatedUser>('/auth/loginuser', {
        email: user.email,
        password: user.password,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id: user.id, username: user.username });
      expect(answer.body.data!.token).not.toBe(user.token);
    });

    it('answers 401 with one and the same message for an unknown email and a wrong password', async () => {
      const user = await signUp(server, 'wrongpw');
      const wrong = await server.post('/auth/loginuser', {
        email: user.email,
        password: 'not the password',
      });
      const unknown = await server.post('/auth/loginuser', {
        email: `nobody-${user.username}@example.com`,
        password: user.password,
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ success: false, message: INVALID_CREDENTIALS });
      expect(unknown.body).toEqual(wrong.body);
    });

    it("answers 409 'Logout from other device first!' while another device is online, but only after the password checked out", async () => {
      const user = await signUp(server, 'busy');
      await server.socket(user.token);
      const refused = await server.post('/auth/loginuser', {
        email: user.email,
        password: user.password,
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ success: false, message: LOGOUT_FROM_OTHER_DEVICE });
      const wrong = await server.post('/auth/loginuser', {
        email: user.email,
        password: 'nope-nope',
      });
      expect(wrong.status).toBe(401);
    });

    it('answers 400 for a body without a password', async () => {
      const answer = await server.post('/auth/loginuser', { email: 'a@example.com' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/password/i);
    });
  });

  describe('POST /auth/demologin', () => {
    it('logs into demo account 1 or 2 without a password reaching the client', async () => {
      const answer = await server.post<AuthenticatedUser>('/auth/demologin', { account: 2 });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id: 'demo-user-2', username: 'testuser2' });
      expect(JSON.stringify(answer.body)).not.toContain(DEMO_PASSWORD);
      await server.post('/auth/logout', {}, answer.body.data!.token);
    });

    it('opens the demo account on a drawn sample canvas, not an empty list', async () => {
      const answer = await server.post<AuthenticatedUser>('/auth/demologin', { account: 2 });
      const token = answer.body.data!.token;
      const list = await server.get<{ _id: string; name: string }[]>(
        '/canvas/getallcanvases',
        token,
      );
      expect(list.body.data!.map((canvas) => canvas.name)).toContain('Welcome to Tabula');
      const sample = list.body.data!.find((canvas) => canvas.name === 'Welcome to Tabula')!;
      const detail = await server.get<{ elements: { type: string }[] }>(
        `/canvas/getcanvas/${sample._id}`,
        token,
      );
      expect(detail.body.data!.elements.map((element) => element.type)).toEqual(
        expect.arrayContaining(['text', 'rectangle', 'ellipse', 'arrow']),
      );
      await server.post('/auth/logout', {}, token);
    });

    it("answers 409 'Logout from other device first!' while the demo account is online elsewhere", async () => {
      const first = await server.post<AuthenticatedUser>('/auth/demologin', { account: 1 });
      const socket = await server.socket(first.body.data!.token);
      const second = await server.post('/auth/demologin', { account: 1 });
      expect(second.status).toBe(409);
      expect(second.body).toEqual({ success: false, message: LOGOUT_FROM_OTHER_DEVICE });
      socket.disconnect();
      await server.post('/auth/logout', {}, first.body.data!.token);
    });

    it('answers 400 for an account other than 1 or 2', async () => {
      const answer = await server.post('/auth/demologin', { account: 3 });
      expect(answer.status).toBe(400);
    });

    it('answers 404 when demo accounts are off', async () => {
      const noDemo = await startTestServer({
        overrides: { demo: { enabled: false, password: DEMO_PASSWORD } },
      });
      try {
        const answer = await noDemo.post('/auth/demologin', { account: 1 });
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ success: false, message: DEMO_ACCOUNTS_DISABLED });
      } finally {
        await noDemo.close();
      }
    });
  });

  describe('GET /auth/fetchuser', () => {
    it('answers the user fields of the token, without password or session data', async () => {
      const user = await signUp(server, 'fetch');
      const answer = await server.get<UserFields>('/auth/fetchuser', user.token);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.data!).sort()).toEqual(USER_FIELDS);
      expect(answer.body.data).toMatchObject({ id: user.id, email: user.email });
    });

    it("answers 401 'Please authenticate using a valid token' without a token or with a made-up one", async () => {
      for (const token of [undefined, 'x'.repeat(43)]) {
        const answer = await server.get('/auth/fetchuser', token);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ success: false, message: AUTHENTICATE_WITH_VALID_TOKEN });
      }
    });
  });

  describe('POST /auth/updateuser', () => {
    it('changes the name and the username, and the new username is then taken', async () => {
      const user = await signUp(server, 'rename');
      const username = `${user.username}x`;
      const answer = await server.post<UserFields>(
        '/auth/updateuser',
        { name: 'New Name', username },
        user.token,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id: user.id, name: 'New Name', username });
      const clash = await server.post('/auth/createuser', { ...newUser(), username });
      expect(clash.body.message).toBe(USERNAME_ALREADY_EXISTS);
    });

    it("answers 409 'Username already exists' for someone else's username", async () => {
      const [alice, bob] = [await signUp(server, 'alice'), await signUp(server, 'bob')];
      const answer = await server.post('/auth/updateuser', { username: bob.username }, alice.token);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ success: false, message: USERNAME_ALREADY_EXISTS });
    });

    it('answers 403 for a demo account', async () => {
      const demo = await server.post<AuthenticatedUser>('/auth/demologin', { account: 2 });
      const token = demo.body.data!.token;
      const answer = await server.post('/auth/updateuser', { name: 'Hacked' }, token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ success: false, message: DEMO_ACCOUNT_READ_ONLY });
      await server.post('/auth/logout', {}, token);
    });

    it('answers 400 for an invalid username and 401 without a token', async () => {
      const user = await signUp(server, 'badname');
      const invalid = await server.post('/auth/updateuser', { username: 'a b!' }, user.token);
      expect(invalid.status).toBe(400);
      const anonymous = await server.post('/auth/updateuser', { name: 'X' });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the token at once: the next call with it is 401', async () => {
      const user = await signUp(server, 'logout');
      const answer = await server.post('/auth/logout', {}, user.token);
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      const after = await server.get('/auth/fetchuser', user.token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe(AUTHENTICATE_WITH_VALID_TOKEN);
    });

    it('answers 401 without a token', async () => {
      const answer = await server.post('/auth/logout', {});
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(AUTHENTICATE_WITH_VALID_TOKEN);
    });
  });
});
