/**
 * A change the server refuses over a quota (issue #14) reaches the board as an
 * `update-refused` error carrying the quota's message (the web app shows it in its alert), is
 * counted "not saved", and is not resent; the board stays live. A change refused because the
 * user's drawing budget is spent for now waits and is sent again when the server says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_ELEMENTS_PER_CANVAS_REACHED } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { rect } from '../test/elements';
import { linesDrawn, open, sharedCanvas } from '../test/engineServer';
import { until } from '../test/testBoard';
import type { CollaborationError } from './collaborationOptions';

/** A board on a fresh shared canvas, with the errors and "not saved" counts it reported. */
async function openWatched(server: InMemoryServer) {
  const { alice, canvasId } = await sharedCanvas(server);
  const board = await open(server.url, alice, canvasId);
  const errors: CollaborationError[] = [];
  const notSaved: number[] = [];
  board.client.errors$.subscribe((error) => errors.push(error));
  board.client.notSaved$.subscribe((count) => notSaved.push(count));
  const stored = async () =>
    linesDrawn(await server.events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
  return { a: board, errors, notSaved, stored };
}

describe('a change refused over a quota', () => {
  let server: InMemoryServer;
  beforeAll(async () => {
    server = await startInMemoryServer({ quotas: { elementsPerCanvas: 2 } });
  });
  afterAll(() => server.close());

  it('is reported with the quota’s message, marked not saved, and not resent', async () => {
    const { a, errors, notSaved, stored } = await openWatched(server);
    a.board.draw([rect('one')]);
    a.board.draw([rect('two')]);
    a.board.draw([rect('three')]);
    await until(a, () => a.client.pendingCount === 0, 'the answers');
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'update-refused',
        code: 'QUOTA_EXCEEDED',
        message: QUOTA_ELEMENTS_PER_CANVAS_REACHED,
      }),
    ]);
    expect(notSaved.at(-1)).toBe(1);
    expect(a.client.status).toBe('live');
    expect(await stored()).toEqual(['one', 'two']);
  });
});

describe('a change refused because the drawing budget is spent for now', () => {
  let server: InMemoryServer;
  const size = (elements: SceneElement[]) => JSON.stringify(elements).length;
  // The first two rectangles spend the burst; the budget comes back at the rate of about one
  // rectangle every 150 ms.
  const oneRect = size([rect('r0')]);
  beforeAll(async () => {
    server = await startInMemoryServer({
      quotas: { bytesPerMinute: Math.round((oneRect * 60_000) / 150), burstBytes: oneRect + 1 },
    });
  });
  afterAll(() => server.close());

  it('waits and is saved in full: no refusal shown, nothing left unsaved, in order', async () => {
    const { a, errors, notSaved, stored } = await openWatched(server);
    const ids = ['r1', 'r2', 'r3', 'r4', 'r5'];
    for (const id of ids) a.board.draw([rect(id)]);
    await until(a, () => a.client.pendingCount === 0, 'every change saved');
    expect(errors).toEqual([]);
    expect(notSaved.filter((count) => count > 0)).toEqual([]);
    expect(await stored()).toEqual(ids);
  });
});
