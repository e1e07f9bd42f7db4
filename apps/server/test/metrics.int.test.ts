/**
 * `GET /api/metrics`: Prometheus text with this node's own metrics, and Node's process metrics.
 * Scraped before and after some activity (sign-ups, two sockets in a canvas room, a stroke that
 * reaches the peer, refusals by the HTTP and the socket rate limits): each value has moved.
 */
import { afterEach, expect, it } from 'vitest';
import { createCanvas, element, freshEventId, makeCollaborator, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The samples of a scrape, keyed by name and labels as written (`name{label="v"}`). */
async function scrape(url: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/api/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    const match = /^([a-z_:]+(?:\{[^}]*\})?) (\S+)$/i.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

it('counts sockets, rooms, appends, fan-out and rate-limit refusals, with process metrics', async () => {
  server = await startTestServer({
    overrides: {
      rateLimits: {
        authPerIpPerMinute: 4,
        failedLoginsPerAccount: 100,
        socketMessagesPerSecond: 8,
      },
    },
  });
  const before = await scrape(server.url);
  expect(before.get('tabula_connected_sockets')).toBe(0);
  expect(before.get('tabula_rooms')).toBe(0);
  expect(before.get('tabula_rate_limit_refusals_total{channel="http"}') ?? 0).toBe(0);
  // Counted by the load thread's guard (sceneLoadThread.int.test.ts starves it); none here.
  expect(before.get('tabula_scene_load_thread_raises_total')).toBe(0);
  expect(before.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  expect(before.has('nodejs_eventloop_lag_seconds')).toBe(true);

  const [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
  const canvasId = await createCanvas(server, owner.token);
  const [ownerSocket, guestSocket] = [
    await server.socket(owner.token),
    await server.socket(guest.token),
  ];
  await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
  await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
  await emitWithAck(guestSocket, 'join-canvas', { canvasId });
  const delivered = nextEvent(guestSocket, 'updated-canvas');
  const ack = await emitWithAck(ownerSocket, 'canvas-update', {
    canvasId,
    eventId: freshEventId(),
    elements: [element('stroke')],
  });
  expect(ack.ok).toBe(true);
  await delivered;

  // Past the limits: the 5th login within the minute, the 9th socket message within a second.
  const login = { email: 'nobody@example.com', password: 'wrong password' };
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1)
    statuses.push((await server.post('/auth/loginuser', login)).status);
  expect(statuses).toContain(429);
  const acks = await Promise.all(
    Array.from({ length: 12 }, () => emitWithAck(guestSocket, 'get-all-collaborator-canvases')),
  );
  expect(acks.some((answer) => !answer.ok && answer.error.code === 'RATE_LIMITED')).toBe(true);

  const after = await scrape(server.url);
  // The demo accounts were appended at start: what moved since the first scrape.
  const moved = (sample: string) => (after.get(sample) ?? 0) - (before.get(sample) ?? 0);
  expect(after.get('tabula_connected_sockets')).toBe(2);
  expect(after.get('tabula_rooms')).toBe(1);
  // Two sign-ups, the canvas, the invitation and its acceptance, the stroke: 6 appends at least.
  expect(moved('tabula_append_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(6);
  expect(moved('tabula_appended_events_total')).toBeGreaterThanOrEqual(6);
  expect(moved('tabula_fanout_lag_seconds_count')).toBeGreaterThanOrEqual(6);
  expect(after.get('tabula_rate_limit_refusals_total{channel="http"}')).toBe(
    statuses.filter((status) => status === 429).length,
  );
  expect(after.get('tabula_rate_limit_refusals_total{channel="socket"}')).toBe(
    acks.filter((answer) => !answer.ok).length,
  );
  expect(after.get('tabula_subscription_lag')).toBeGreaterThanOrEqual(0);
});
