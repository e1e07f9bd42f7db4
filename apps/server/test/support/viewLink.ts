/**
 * A canvas with a drawing and a view link to it, made through the real API: what the embed,
 * oEmbed and unfurl tests share.
 */
import { expect } from 'vitest';
import type { CreatedShareLink } from '@tabula/domain/protocol';
import { createCanvas, element, freshEventId, signUp } from '../scenario';
import type { Member } from '../scenario';
import type { ClientSocket, TestServer } from '../testServer';
import { emitWithAck } from '../testServer';

export interface SharedCanvas {
  owner: Member;
  ownerSocket: ClientSocket;
  canvasId: string;
  /** The view link's token. */
  token: string;
  linkId: string;
  /** Draws `elements` as the owner (acknowledged). */
  draw(elements: Record<string, unknown>[]): Promise<void>;
  /** Revokes the link (the owner's `POST /canvas/unshare/:id`). */
  revoke(): Promise<void>;
}

/** A canvas named `name` of a fresh owner, with a rectangle drawn (unless `empty`) and a link. */
export async function sharedCanvas(
  server: TestServer,
  name: string,
  { empty = false } = {},
): Promise<SharedCanvas> {
  const owner = await signUp(server, 'owner');
  const ownerSocket = await server.socket(owner.token);
  const canvasId = await createCanvas(server, owner.token, name);
  const draw = async (elements: Record<string, unknown>[]) => {
    const ack = await emitWithAck(ownerSocket, 'canvas-update', {
      canvasId,
      eventId: freshEventId(),
      elements,
    });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  };
  if (!empty) await draw([element('box', { width: 300, height: 200, strokeColor: '#1971c2' })]);
  const created = await server.post<CreatedShareLink>(`/canvas/share/${canvasId}`, {}, owner.token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { token, linkId } = created.body.data!;
  return {
    owner,
    ownerSocket,
    canvasId,
    token,
    linkId,
    draw,
    async revoke() {
      const answer = await server.post(`/canvas/unshare/${canvasId}`, { linkId }, owner.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
  };
}
