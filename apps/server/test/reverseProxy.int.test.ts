/**
 * The reverse proxy operators are given, proven: Debian's nginx with deploy/nginx.conf (ports,
 * node and a self-signed certificate filled in) in front of a real Tabula node started with
 * TRUST_PROXY=on. Through it, over HTTPS: a sign-in, a stroke over a WebSocket that another
 * client sees, an upload of 5 MB (above nginx's default body limit), the client's own
 * address as the server's per-IP limit counts it, and a view link's unfurl tags and embed
 * naming the site's HTTPS address. deploy/Caddyfile is checked by Caddy itself
 * where Caddy is installed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedUser, UpdatedCanvasMessage } from '@tabula/domain/protocol';
import { filePath } from '@tabula/domain/protocol';
import { UPLOAD_BODY_LIMIT } from '../src/features/canvases/files/files.routes';
import { imageBytes, uploadOf } from '../src/features/canvases/files/files.testkit';
import type { Member } from './scenario';
import { element, freshEventId, makeCollaborator } from './scenario';
import type { ClientSocket } from './testServer';
import { HANG_MS, emitWithAck, newUser, nextEvent } from './testServer';
import type { Certificate, Nginx } from './support/nginxProxy';
import {
  SHIPPED_CADDYFILE,
  SHIPPED_NGINX_SITE,
  findProgram,
  renderNginxSite,
  selfSignedCertificate,
  startNginx,
} from './support/nginxProxy';
import type { SendOptions } from './support/sendRequest';
import { sendRequest } from './support/sendRequest';
import { freePort, startTabulaServer } from '@tabula/testing';
import type { TabulaServer } from '@tabula/testing';

const NGINX = findProgram('nginx');
const CADDY = findProgram('caddy');
if (!NGINX) console.warn('reverseProxy: nginx is not installed (apt-get install nginx): skipped');
if (!CADDY)
  console.warn('reverseProxy: caddy is not installed (apt-get install caddy): Caddyfile unchecked');

/** Sign-ups and sign-ins per client address per minute: the test's users need three. */
const AUTH_PER_IP = 3;
/** The server's upload limit in bytes ('6mb' is 6 MiB, as @koa/bodyparser reads it). */
const UPLOAD_LIMIT_BYTES = Number(/^(\d+)mb$/.exec(UPLOAD_BODY_LIMIT)![1]) * 1024 * 1024;
/**
 * Hang guards only: the node's start (up to 90 s through tsx on a loaded machine) and nginx's,
 * and a 5 MiB body through TLS and nginx's buffer file. Under six busy loops on two cores the
 * whole file took 72 s, the upload a few seconds.
 */
const SETUP_HANG_MS = 240_000;
const UPLOAD_HANG_MS = 180_000;
const WRONG_LOGIN = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });

describe.skipIf(!NGINX)('nginx in front of a node (deploy/nginx.conf)', () => {
  let dir: string;
  let certificate: Certificate;
  let server: TabulaServer;
  let nginx: Nginx;
  let httpPort: number;
  /** The public address, as a browser would open it. */
  let site: string;
  const sockets: ClientSocket[] = [];
  // Signed up from 127.0.0.1, whose sign-in budget (AUTH_PER_IP) they and the sign-in spend;
  // the address test sends from other addresses.
  let owner: Member;
  let guest: Member;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tabula-proxy-'));
    certificate = await selfSignedCertificate(dir);
    const nodePort = await freePort();
    server = await startTabulaServer({
      dataDir: path.join(dir, 'data'),
      port: nodePort,
      env: {
        DEMO_ACCOUNTS: 'off',
        TRUST_PROXY: 'on',
        AUTH_RATE_PER_IP_PER_MINUTE: String(AUTH_PER_IP),
      },
    });
    httpPort = await freePort();
    const httpsPort = await freePort();
    const rendered = renderNginxSite(readFileSync(SHIPPED_NGINX_SITE, 'utf8'), {
      httpPort,
      httpsPort,
      upstream: `127.0.0.1:${nodePort}`,
      certificate,
    });
    nginx = await startNginx(NGINX!, dir, rendered);
    site = `https://127.0.0.1:${httpsPort}`;
    owner = await signUp('owner');
    guest = await signUp('guest');
  }, SETUP_HANG_MS);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A request to the site over HTTPS, trusting only the test's certificate. */
  function send(route: string, options: SendOptions = {}) {
    return sendRequest(site + route, { ca: certificate.pem, ...options });
  }

  function post(route: string, body: unknown, token?: string, options: SendOptions = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['auth-token'] = token;
    return send(route, {
      method: 'POST',
      headers: { ...headers, ...options.headers },
      body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      localAddress: options.localAddress,
    });
  }

  async function signUp(name: string): Promise<Member> {
    const body = newUser(name);
    const answer = await post('/auth/createuser', body);
    expect(answer.status, answer.body.toString()).toBe(201);
    const user = answer.json<{ data: AuthenticatedUser }>().data;
    return { ...user, email: body.email, password: body.password };
  }

  async function createCanvas(token: string): Promise<string> {
    const answer = await post('/canvas/createcanvas', { name: 'Behind nginx' }, token);
    expect(answer.status, answer.body.toString()).toBe(201);
    return answer.json<{ data: { _id: string } }>().data._id;
  }

  /** A Socket.IO client as a browser on the site opens it (its Origin is the site). */
  function socketOf(token: string, transports: string[]): Promise<ClientSocket> {
    const socket: ClientSocket = connect(site, {
      auth: { token },
      transports,
      ca: certificate.pem,
      extraHeaders: { origin: site },
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  /** Resolves once the socket's connection has moved from long polling to a WebSocket. */
  function upgraded(socket: ClientSocket): Promise<void> {
    const engine = socket.io.engine;
    if (engine.transport.name === 'websocket') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error('no upgrade to WebSocket')), HANG_MS);
      engine.once('upgrade', () => {
        clearTimeout(guard);
        resolve();
      });
    });
  }

  it('answers plain HTTP with a redirect to HTTPS', async () => {
    const answer = await sendRequest(`http://127.0.0.1:${httpPort}/canvas/x?y=1`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://127.0.0.1/canvas/x?y=1');
  });

  it('signs a user in over HTTPS', async () => {
    const login = await post('/auth/loginuser', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.status, login.body.toString()).toBe(200);
    expect(login.headers['strict-transport-security']).toBe('max-age=31536000');
    const { token } = login.json<{ data: { token: string } }>().data;
    const me = await send('/auth/fetchuser', { headers: { 'auth-token': token } });
    expect(me.status).toBe(200);
    expect(me.json<{ data: { id: string } }>().data.id).toBe(owner.id);
    // A sign-in opens a new session: the later tests use it.
    owner = { ...owner, token };
    // The browser's pages come through too (the web app, built or not, or the API's JSON 404).
    expect((await send('/health')).status).toBe(200);
  });

  it('carries a live stroke over WebSocket to another client', async () => {
    const canvasId = await createCanvas(owner.token);
    // One client opens a WebSocket at once; the other starts with long polling and upgrades,
    // as a browser does: both go through nginx's /socket.io/ location.
    const ownerSocket = await socketOf(owner.token, ['websocket']);
    const guestSocket = await socketOf(guest.token, ['polling', 'websocket']);
    await upgraded(guestSocket);
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    expect(await emitWithAck(ownerSocket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    expect(await emitWithAck(guestSocket, 'join-canvas', { canvasId })).toMatchObject({ ok: true });

    const seen = nextEvent<UpdatedCanvasMessage>(guestSocket, 'updated-canvas');
    const stroke = element('stroke-through-nginx', {
      type: 'freedraw',
      points: [
        [0, 0],
        [8, 5],
      ],
    });
    const ack = await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements: [stroke],
    });
    expect(ack).toMatchObject({ ok: true });
    const message = await seen;
    expect(message.actorId).toBe(owner.id);
    expect(message.elements).toEqual([stroke]);
    expect(guestSocket.io.engine.transport.name).toBe('websocket');
  });

  it(
    'accepts a 5 MB image upload and serves the image back',
    async () => {
      const canvasId = await createCanvas(owner.token);
      // 3.75 MiB of image is 5 MiB as base64: five times nginx's default body limit.
      const bytes = imageBytes('image/png', Math.floor(3.75 * 1024 * 1024) - 8);
      const body = JSON.stringify(uploadOf('big-image', 'image/png', bytes));
      expect(body.length).toBeGreaterThan(5 * 1024 * 1024);
      const answer = await post(filePath(canvasId), body, owner.token);
      expect(answer.status, answer.body.toString().slice(0, 500)).toBe(201);
      const served = await send(filePath(canvasId, 'big-image'), {
        headers: { 'auth-token': owner.token },
      });
      expect(served.status).toBe(200);
      expect(served.body.equals(bytes)).toBe(true);
    },
    UPLOAD_HANG_MS,
  );

  it(
    "holds bodies to the server's upload limit, to the byte",
    async () => {
      const canvasId = await createCanvas(owner.token);
      const bodyOf = (size: number) => Buffer.alloc(size, 'a');
      // At the limit nginx passes the body on: the node reads it and refuses it as bad JSON.
      const atLimit = await post(filePath(canvasId), bodyOf(UPLOAD_LIMIT_BYTES), owner.token);
      expect(atLimit.status, atLimit.body.toString()).toBe(400);
      expect(atLimit.json().success).toBe(false);
      // One byte more and nginx refuses it itself, without troubling the node.
      const over = await post(filePath(canvasId), bodyOf(UPLOAD_LIMIT_BYTES + 1), owner.token);
      expect(over.status).toBe(413);
      expect(over.headers['content-type']).toMatch(/^text\/html/);
    },
    UPLOAD_HANG_MS,
  );

  it("unfurls a view link with the site's own HTTPS address, not the node's", async () => {
    const canvasId = await createCanvas(owner.token);
    const shared = await post(`/canvas/share/${canvasId}`, {}, owner.token);
    expect(shared.status, shared.body.toString()).toBe(201);
    const { token } = shared.json<{ data: { token: string } }>().data;
    const view = await send(`/view/${token}`, { headers: { accept: 'text/html' } });
    const html = view.body.toString();
    expect(html).toContain(`<meta property="og:url" content="${site}/view/${token}">`);
    const discovery = `${site}/oembed?url=${encodeURIComponent(`${site}/view/${token}`)}`;
    expect(html).toContain(`type="application/json+oembed" href="${discovery}&amp;format=json"`);
    const embed = await send(`/embed/${token}`, { headers: { accept: 'text/html' } });
    expect(embed.status).toBe(200);
    expect(embed.body.toString()).toContain(`<tabula-whiteboard server="${site}"`);
  });

  it('with TRUST_PROXY the server sees each client’s own address, not nginx’s', async () => {
    const wrongLoginFrom = async (localAddress: string, forwardedFor?: string) => {
      const headers: Record<string, string> = forwardedFor
        ? { 'x-forwarded-for': forwardedFor }
        : {};
      const answer = await post('/auth/loginuser', WRONG_LOGIN, undefined, {
        localAddress,
        headers,
      });
      return answer.status;
    };
    // nginx connects to the node from 127.0.0.1, whose budget the sign-ups have (nearly) spent:
    // were the node to see nginx's address, the attempts below would be refused early.
    for (let attempt = 1; attempt <= AUTH_PER_IP; attempt += 1)
      expect(await wrongLoginFrom('127.0.0.2'), `attempt ${attempt}`).toBe(401);
    expect(await wrongLoginFrom('127.0.0.2')).toBe(429);
    // A client that writes another address into X-Forwarded-For is still itself: nginx appends
    // the address it saw, and the node trusts that last entry only.
    expect(await wrongLoginFrom('127.0.0.2', '127.0.0.3')).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect(await wrongLoginFrom('127.0.0.3')).toBe(401);
  });
});

describe.skipIf(!CADDY)('Caddy (deploy/Caddyfile)', () => {
  it("is valid for Caddy and holds bodies to the server's upload limit", async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tabula-caddy-'));
    // Caddy keeps its state under HOME (or XDG_*): the test's own directory.
    const env = { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home };
    const run = (command: string) =>
      promisify(execFile)(
        CADDY!,
        [command, '--config', SHIPPED_CADDYFILE, '--adapter', 'caddyfile'],
        { env },
      );
    try {
      const validated = await run('validate');
      expect(validated.stdout + validated.stderr).toMatch(/Valid configuration/);
      const adapted = JSON.parse((await run('adapt')).stdout) as unknown;
      const handlers = JSON.stringify(adapted);
      expect(handlers).toContain(`"handler":"request_body","max_size":${UPLOAD_LIMIT_BYTES}`);
      expect(handlers).toContain('"handler":"reverse_proxy"');
      expect(handlers).toContain('"Strict-Transport-Security":["max-age=31536000"]');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
