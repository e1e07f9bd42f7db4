/**
 * A change the server refuses over a quota (issue #14) reaches the board as an
 * `update-refused` error carrying the quota's message (the web app shows it in its alert), is
 * counted "not saved", and is not resent; the board stays live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_ELEMENTS_PER_CANVAS_REACHED } from '@tabula/domain';
import { startInMemoryServer } from '@tabula/server/testing';
import type { InMemoryServer } from '@tabula/server/testing';
import { rect } from '../test/elements';
import { linesDrawn, open, sharedCanvas } from '../test/engineServer';
import { until } from '../test/testBoard';
import type { CollaborationError } from './collaborationOptions';

describe('a change refused over a quota', () => {
  let server: InMemoryServer;
  beforeAll(async () => {
    server = await startInMemoryServer({ quotas: { elementsPerCanvas: 2 } });
  });
  afterAll(() => server.close());

  it('is reported with the quota’s message, marked not saved, and not resent', async () => {
    const { alice, canvasId } = await sharedCanvas(server);
    const a = await open(server.url, alice, canvasId);
    const errors: CollaborationError[] = [];
    const notSaved: number[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));
    a.client.notSaved$.subscribe((count) => notSaved.push(count));
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
    const stored = linesDrawn(await server.events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored).toEqual(['one', 'two']);
  });
});
