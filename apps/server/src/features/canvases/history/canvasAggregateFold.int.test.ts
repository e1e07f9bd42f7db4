/**
 * A long canvas's aggregate folded on the scene load thread (`SceneLoadThread.aggregates`, from
 * a real SQLite data directory) decides as the one the event loop folds: the same state and
 * revision, the same quota refusals (its element ids and bytes counted there), and resends of
 * stored commands answered with their revision. A short stream is not sent to the thread, and
 * a thread that cannot read leaves the fold to the loop, with the reason logged. The thread's
 * fold of the state alone (a join's membership check) is the aggregate's state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canvasDecider,
  canvasStreamName,
  QUOTA_BYTES_PER_MINUTE_REACHED,
  QUOTA_ELEMENTS_PER_CANVAS_REACHED,
} from '@tabula/domain';
import type { CanvasCommand, CanvasEvent, CanvasState, Event } from '@tabula/domain';
import { CommandHandler } from '../../../infrastructure/commandHandler';
import type { FoldElsewhere } from '../../../infrastructure/commandHandlerOptions';
import { openSqliteEventStore } from '../../../infrastructure/eventStore/sqliteEventStore';
import { MinuteBudget } from '../quotas/minuteBudget';
import { canvasQuotas, DEFAULT_QUOTAS } from '../quotas/quotas';
import { AGGREGATE_AFTER, SceneLoadThread } from './sceneLoadThread';

const DRAWINGS = AGGREGATE_AFTER + 20;
/** Each drawing adds two elements and changes one drawn before. */
const ELEMENTS = DRAWINGS * 2;

const meta = (actorId: string, eventId: string) => ({
  actorId,
  now: '2026-01-01T00:00:00.000Z',
  eventId,
});
const element = (id: string, version = 1) =>
  ({
    id,
    type: 'freedraw',
    version,
    versionNonce: version,
    isDeleted: false,
    index: null,
  }) as never;
const draw = (canvasId: string, eventId: string, ids: string[]): CanvasCommand => ({
  type: 'DrawLine',
  data: { canvasId, elements: ids.map((id) => element(id)) },
  metadata: meta('ada', eventId),
});

describe('a canvas aggregate folded on the scene load thread', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tabula-aggregate-thread-'));
  const eventStore = openSqliteEventStore<Event>({ dataDir });
  const thread = new SceneLoadThread(dataDir);
  const clock = { now: () => new Date('2026-01-01T00:00:00.000Z') };
  const quotas = { ...DEFAULT_QUOTAS, elementsPerCanvas: ELEMENTS + 2 };
  const errors: unknown[] = [];

  /**
   * A canvas handler that has cached nothing, folding long streams where `elsewhere` says;
   * `budget` is each user's drawing bytes per minute.
   */
  const coldHandler = (elsewhere?: FoldElsewhere<CanvasState>, budget = 1e9) =>
    new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(eventStore, canvasDecider, {
      admission: canvasQuotas(
        quotas,
        new MinuteBudget({ perMinute: budget, burst: budget }, clock),
      ),
      ...(elsewhere ? { foldElsewhere: elsewhere } : {}),
    });

  /** The thread's fold, counting the streams it was asked for and what it answered. */
  const asked: string[] = [];
  const counting = (inner: FoldElsewhere<CanvasState>): FoldElsewhere<CanvasState> => ({
    after: inner.after,
    fold: async (stream) => {
      const folded = await inner.fold(stream);
      if (folded) asked.push(stream);
      return folded;
    },
  });

  beforeAll(async () => {
    const writer = coldHandler();
    for (const [canvasId, drawings] of [
      ['long', DRAWINGS],
      ['short', 3],
    ] as const) {
      const stream = canvasStreamName(canvasId);
      await writer.handle(stream, {
        type: 'CreateCanvas',
        data: { canvasId, name: 'Board' },
        metadata: meta('ada', `${canvasId}-create`),
      });
      await writer.handle(stream, {
        type: 'InviteUser',
        data: { canvasId, userId: 'bob' },
        metadata: meta('ada', `${canvasId}-invite`),
      } as CanvasCommand);
      for (let k = 0; k < drawings; k++)
        await writer.handle(stream, draw(canvasId, `${canvasId}-${k}`, [`a${k}`, `b${k}`, `a0`]));
    }
  });

  afterAll(async () => {
    await thread.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the state and revision the loop folds, and comes from the thread', async () => {
    const onLoop = await coldHandler().load(canvasStreamName('long'));
    const onThread = await coldHandler(counting(thread.aggregates((e) => errors.push(e)))).load(
      canvasStreamName('long'),
    );
    expect(onThread).toEqual(onLoop);
    expect(onThread.state).toMatchObject({ status: 'active', invited: ['bob'] });
    expect(onThread.revision).toBe(DRAWINGS + 1);
    expect(asked).toEqual([canvasStreamName('long')]);
    expect(errors).toEqual([]);
  });

  it('answers a resend of a stored drawing with its revision, even with the budget spent', async () => {
    const stream = canvasStreamName('long');
    // One byte a minute: any new drawing is refused for the budget.
    const handler = coldHandler(
      thread.aggregates((e) => errors.push(e)),
      1,
    );
    const before = (await eventStore.readStream(stream)).length;
    // The first drawing overdraws the byte; the budget is spent after it.
    await handler.handle(stream, draw('long', 'spends', ['a0']));
    const resent = await handler.handle(stream, draw('long', `long-${DRAWINGS - 1}`, ['a0']));
    expect(resent.revision).toBe(DRAWINGS + 1);
    expect(resent.events).toEqual([]);
    await expect(handler.handle(stream, draw('long', 'new', ['a0']))).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: QUOTA_BYTES_PER_MINUTE_REACHED,
    });
    expect(await eventStore.readStream(stream)).toHaveLength(before + 1);
  });

  it('refuses a drawing over the element quota counted on the thread, and stores nothing', async () => {
    const stream = canvasStreamName('long');
    const handler = coldHandler(thread.aggregates((e) => errors.push(e)));
    const before = (await eventStore.readStream(stream)).length;
    // Two new elements are room for two; three are one too many (`a0` is not new).
    await expect(
      handler.handle(stream, draw('long', 'over', ['x1', 'x2', 'x3', 'a0'])),
    ).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: QUOTA_ELEMENTS_PER_CANVAS_REACHED,
    });
    expect(await eventStore.readStream(stream)).toHaveLength(before);
    const fits = await handler.handle(stream, draw('long', 'fits', ['x1', 'x2', 'a0']));
    expect(fits.revision).toBe(before);
    expect(errors).toEqual([]);
  });

  it('leaves a short stream to the loop', async () => {
    asked.length = 0;
    const handler = coldHandler(counting(thread.aggregates((e) => errors.push(e))));
    const onLoop = await coldHandler().load(canvasStreamName('short'));
    expect(await handler.load(canvasStreamName('short'))).toEqual(onLoop);
    expect(asked).toEqual([]);
  });

  it('folds on the loop when the thread cannot read, and logs why', async () => {
    const broken = new SceneLoadThread(path.join(dataDir, 'missing', 'dir'));
    const logged: unknown[] = [];
    const handler = coldHandler(broken.aggregates((e) => logged.push(e)));
    const onLoop = await coldHandler().load(canvasStreamName('long'));
    expect(await handler.load(canvasStreamName('long'))).toEqual(onLoop);
    expect(String(logged[0])).toMatch(/Aggregate fold of canvas-long/);
    const states = broken.states((e) => logged.push(e));
    expect(await states(canvasStreamName('long'))).toBeUndefined();
    expect(String(logged[1])).toMatch(/State fold of canvas-long/);
    await broken.close();
  });

  it('folds the state alone, without the drawings, as the aggregate’s', async () => {
    for (const canvasId of ['long', 'short', 'none']) {
      const stream = canvasStreamName(canvasId);
      const { state } = await coldHandler().load(stream);
      expect(await thread.foldState(stream)).toEqual(state);
    }
  });
});
