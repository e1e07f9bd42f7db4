/**
 * A join of a long canvas whose aggregate is not in memory checks membership from the canvas's
 * state alone, folded on the scene load thread from its few events that are not drawings: the
 * aggregate (the whole log parsed, for quotas and resends) is not folded for it. Strangers and
 * removed collaborators get NOT_FOUND and fold nothing more; a member's join answers without
 * it, and the member's first commit folds it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_NOT_FOUND, canvasStreamName } from '@tabula/domain';
import type { CanvasCommand } from '@tabula/domain';
import { AGGREGATE_AFTER } from '../src/features/canvases/history/sceneLoadThread';
import type { Member } from './scenario';
import { createCanvas, draw, element, freshEventId, signUp } from './scenario';
import type { TestServer } from './testServer';
import { emitWithAck, startTestServer } from './testServer';

describe('join-canvas of a long canvas whose aggregate is not in memory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-cold-membership-'));
  let server: TestServer;
  let owner: Member;
  let bob: Member;
  let dave: Member;
  let stranger: Member;
  let canvasId: string;
  const stream = () => canvasStreamName(canvasId);

  beforeAll(async () => {
    const first = await startTestServer({ dataDir });
    owner = await signUp(first, 'owner');
    bob = await signUp(first, 'bob');
    dave = await signUp(first, 'dave');
    stranger = await signUp(first, 'stranger');
    canvasId = await createCanvas(first, owner.token, 'Long');
    const run = (actorId: string, command: Omit<CanvasCommand, 'metadata'>) =>
      first.app.context.canvases.handle(stream(), {
        ...command,
        metadata: { actorId, now: new Date().toISOString(), eventId: freshEventId() },
      } as CanvasCommand);
    for (const guest of [bob, dave]) {
      await run(owner.id, { type: 'InviteUser', data: { canvasId, userId: guest.id } });
      await run(guest.id, { type: 'AcceptInvitation', data: { canvasId } });
    }
    await run(owner.id, { type: 'RemoveCollaborator', data: { canvasId, userId: dave.id } });
    for (let n = 0; n <= AGGREGATE_AFTER; n += 1)
      await run(owner.id, { type: 'DrawLine', data: { canvasId, elements: [element(`e${n}`)] } });
    await first.close({ keepData: true });
    server = await startTestServer({ dataDir });
  }, 120_000);

  afterAll(async () => {
    await server?.close({ keepData: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses strangers and removed collaborators without folding the aggregate', async () => {
    for (const outsider of [stranger, dave]) {
      const socket = await server.socket(outsider.token);
      const answer = await emitWithAck(socket, 'join-canvas', { canvasId });
      expect(answer).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: CANVAS_NOT_FOUND },
      });
    }
    expect(server.app.context.canvases.cached(stream())).toBe(false);
  });

  it('lets a member in without the aggregate, which the first commit folds', async () => {
    const socket = await server.socket(bob.token);
    const joined = await emitWithAck<{ revision: number }>(socket, 'join-canvas', { canvasId });
    expect(joined, JSON.stringify(joined).slice(0, 300)).toMatchObject({ ok: true });
    const revision = (joined as { data: { revision: number } }).data.revision;
    // Two invitations, two acceptances, a removal and the drawings, after the creation.
    expect(revision).toBe(AGGREGATE_AFTER + 6);
    expect(server.app.context.canvases.cached(stream())).toBe(false);
    expect(await draw(socket, canvasId, [element('bobs', { version: 1 })])).toBe(revision + 1);
    expect(server.app.context.canvases.cached(stream())).toBe(true);
  });
});
