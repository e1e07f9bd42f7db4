/**
 * `viewLinkTransport` with the collaboration client, against the real server in this process:
 * a viewer with no account follows the canvas live; revoking the link ends it.
 */
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShareLink } from '@tabula/domain/protocol';
// Tests only: the real server in this process (the widget's code never imports the server).
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { rect } from '../test/elements';
import { TestBoard, openTab, until } from '../test/testBoard';
import { CollaborationClient } from './CollaborationClient';
import { viewLinkTransport } from './viewLinkTransport';

let server: InMemoryServer;

beforeAll(async () => {
  server = await startInMemoryServer();
});

afterAll(async () => {
  await server?.close();
});

async function post<T>(route: string, token: string, body: unknown = {}): Promise<T> {
  const response = await fetch(server.url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
}

describe('viewLinkTransport', () => {
  it('follows the canvas live with no account, and stops when the link is revoked', async () => {
    const alice = await server.createUserAndToken('alice');
    const canvasId = await server.createCanvas(alice.token, 'shown');
    const drawer = await openTab(server.url, alice, canvasId);
    drawer.board.draw([rect('before')]);
    await until(drawer, () => drawer.client.pendingCount === 0, 'the first stroke acked');
    const link = await post<CreatedShareLink>(`/canvas/share/${canvasId}`, alice.token);

    const transport = viewLinkTransport(server.url, link.token, {
      socketOptions: { transports: ['websocket'], forceNew: true },
    });
    const client = new CollaborationClient({ transport, canvasId, userId: '' });
    const board = new TestBoard(client);
    client.start();
    await board.mount();
    await firstValueFrom(client.loaded$.pipe(filter(Boolean)));
    expect(board.get('before')).toBeDefined();

    drawer.board.draw([rect('live')]);
    await firstValueFrom(client.status$.pipe(filter((status) => status === 'live')));
    const viewer = { client, board, transport, close: () => undefined };
    await until(viewer, () => board.get('live') !== undefined, 'the live stroke');

    await post(`/canvas/unshare/${canvasId}`, alice.token, { linkId: link.linkId });
    await firstValueFrom(transport.status$.pipe(filter((status) => status === 'unauthorized')));
    client.dispose();
    transport.close();
    drawer.close();
  });
});
