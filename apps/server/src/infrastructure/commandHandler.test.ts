import { describe, expect, it } from 'vitest';
import { DomainError, canvasDecider, canvasStreamName } from '@tabula/domain';
import type { CanvasCommand, CanvasEvent, CanvasState } from '@tabula/domain';
import { CommandHandler } from './commandHandler';
import type { Admission } from './commandHandlerOptions';
import { createInMemoryEventStore } from './eventStore/inMemoryEventStore';

const canvasId = 'c1';
const stream = canvasStreamName(canvasId);
let nextId = 0;
const meta = (actorId: string, eventId = `e${++nextId}`) => ({
  actorId,
  now: '2026-01-01T00:00:00.000Z',
  eventId,
});
const element = (id: string, version = 1) => ({
  id,
  type: 'rectangle',
  version,
  versionNonce: 1,
  isDeleted: false,
  index: 'a0',
});
const draw = (actorId: string, eventId?: string): CanvasCommand => ({
  type: 'DrawLine',
  data: { canvasId, elements: [element(eventId ?? `el${nextId}`)] },
  metadata: meta(actorId, eventId),
});

async function setup() {
  const store = createInMemoryEventStore();
  const handler = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(store, canvasDecider);
  await handler.handle(stream, {
    type: 'CreateCanvas',
    data: { canvasId, name: 'Board' },
    metadata: meta('owner'),
  });
  return { store, handler };
}

describe('CommandHandler', () => {
  it('appends commands that arrive together in one append, each answered with its own revision', async () => {
    const { store, handler } = await setup();
    let appends = 0;
    const append = store.append.bind(store);
    store.append = (...args) => ((appends += 1), append(...args));
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => handler.handle(stream, draw('owner'))),
    );
    expect(results.map((result) => result.revision)).toEqual([1, 2, 3, 4]);
    expect(appends).toBe(1);
    expect((await store.readStream(stream)).map((record) => record.event.type)).toEqual([
      'CanvasCreated',
      'LineDrawn',
      'LineDrawn',
      'LineDrawn',
      'LineDrawn',
    ]);
  });

  it('a refused command in a batch is rejected alone and stores nothing', async () => {
    const { store, handler } = await setup();
    const outcomes = await Promise.allSettled([
      handler.handle(stream, draw('owner')),
      handler.handle(stream, draw('stranger')),
      handler.handle(stream, draw('owner')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'NOT_FOUND' });
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('a resent eventId answers the original revision, alone or mixed with new commands', async () => {
    const { store, handler } = await setup();
    const first = await handler.handle(stream, draw('owner', 'stroke-1'));
    const [again, fresh] = await Promise.all([
      handler.handle(stream, draw('owner', 'stroke-1')),
      handler.handle(stream, draw('owner')),
    ]);
    expect(again.revision).toBe(first.revision);
    expect(fresh.revision).toBe(first.revision + 1);
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('several resends arriving together are each answered with their own original revision', async () => {
    const { store, handler } = await setup();
    // Strokes of the owner interleaved with a partner's: revisions 1, 3, 5, 7, 9.
    const originals: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      originals.push((await handler.handle(stream, draw('owner', `mine-${i}`))).revision);
      await handler.handle(stream, draw('owner'));
    }
    const resent = await Promise.all(
      originals.map((_, i) => handler.handle(stream, draw('owner', `mine-${i}`))),
    );
    expect(resent.map((result) => result.revision)).toEqual(originals);
    expect(await store.readStream(stream)).toHaveLength(11);
  });

  it('another writer on the stream makes it reload and retry, not lose the command', async () => {
    const { store, handler } = await setup();
    const other = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(store, canvasDecider);
    await other.handle(stream, draw('owner'));
    const result = await handler.handle(stream, draw('owner'));
    expect(result.revision).toBe(2);
  });

  it('a command decides on the cached state without reading the log', async () => {
    const { store, handler } = await setup();
    let reads = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = (...args) => ((reads += 1), readStream(...args));
    await handler.handle(stream, draw('owner'));
    await handler.handle(stream, draw('owner'));
    expect(reads).toBe(0);
  });

  it('a command decided on a stale cache is decided again on the fresh state: refused, nothing stored', async () => {
    const { store, handler } = await setup();
    await handler.handle(stream, draw('owner'));
    const other = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(store, canvasDecider);
    await other.handle(stream, {
      type: 'DeleteCanvas',
      data: { canvasId },
      metadata: meta('owner'),
    });
    const stored = (await store.readStream(stream)).length;
    await expect(handler.handle(stream, draw('owner'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await store.readStream(stream)).toHaveLength(stored);
  });

  it('a refusal decided on a stale cache is checked against the log: accepted there, it is stored', async () => {
    const { store, handler } = await setup();
    await handler.handle(stream, draw('owner')); // the cache holds the canvas without bob
    const other = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(store, canvasDecider);
    await other.handle(stream, {
      type: 'InviteUser',
      data: { canvasId, userId: 'bob' },
      metadata: meta('owner'),
    });
    await other.handle(stream, {
      type: 'AcceptInvitation',
      data: { canvasId },
      metadata: meta('bob'),
    });
    const result = await handler.handle(stream, draw('bob'));
    expect(result.revision).toBe(4);
    expect((await store.readStream(stream)).map((record) => record.event.type)).toEqual([
      'CanvasCreated',
      'LineDrawn',
      'UserInvited',
      'InvitationAccepted',
      'LineDrawn',
    ]);
  });

  it('load sees what another writer appended', async () => {
    const { store, handler } = await setup();
    const other = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(store, canvasDecider);
    await other.handle(stream, {
      type: 'RenameCanvas',
      data: { canvasId, name: 'Elsewhere' },
      metadata: meta('owner'),
    });
    expect((await handler.load(stream)).state).toMatchObject({ name: 'Elsewhere' });
  });

  it('load sees every command queued before it', async () => {
    const { handler } = await setup();
    void handler.handle(stream, {
      type: 'RenameCanvas',
      data: { canvasId, name: 'Renamed' },
      metadata: meta('owner'),
    });
    const { state } = await handler.load(stream);
    expect(state).toMatchObject({ status: 'active', name: 'Renamed' });
  });
});

describe('CommandHandler with an admission (quotas)', () => {
  /** A handler with `admission` and a created canvas. */
  async function boardWith(admission: Admission<CanvasCommand, CanvasEvent>) {
    const store = createInMemoryEventStore();
    const handler = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(
      store,
      canvasDecider,
      { admission },
    );
    await handler.handle(stream, {
      type: 'CreateCanvas',
      data: { canvasId, name: 'Board' },
      metadata: meta('owner'),
    });
    return { store, handler };
  }

  /** At most `limit` LineDrawn per stream: a tally folded from stored and accepted events. */
  function atMost(limit: number) {
    const tallies: number[] = [];
    return {
      tallies,
      admission: {
        tally: () => {
          let drawn = 0;
          const index = tallies.push(0) - 1;
          return {
            count: (event: CanvasEvent) => {
              if (event.type === 'LineDrawn') tallies[index] = drawn += 1;
            },
            admit: (_command: CanvasCommand, events: readonly CanvasEvent[]) => {
              const more = events.filter((event) => event.type === 'LineDrawn').length;
              if (drawn + more > limit) throw new DomainError('QUOTA_EXCEEDED', 'full');
            },
          };
        },
      },
    };
  }

  it('refuses, within one batch, the commands past the limit; nothing of them is stored', async () => {
    const quota = atMost(2);
    const { store, handler } = await boardWith(quota.admission);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => handler.handle(stream, draw('owner'))),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((await store.readStream(stream)).length).toBe(3);
    await expect(handler.handle(stream, draw('owner'))).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
  });

  it('a fresh handler counts the stored events into the tally before deciding', async () => {
    const store = createInMemoryEventStore();
    const first = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(
      store,
      canvasDecider,
      { admission: atMost(2).admission },
    );
    await first.handle(stream, {
      type: 'CreateCanvas',
      data: { canvasId, name: 'Board' },
      metadata: meta('owner'),
    });
    await first.handle(stream, draw('owner'));
    await first.handle(stream, draw('owner'));
    const quota = atMost(2);
    const second = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(
      store,
      canvasDecider,
      { admission: quota.admission },
    );
    await expect(second.handle(stream, draw('owner'))).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    expect(quota.tallies).toEqual([2]);
  });

  /** A budget of `budget` admitted LineDrawn events, spent by `admit`, given back by `release`. */
  function budgeted(budget: number) {
    const spent = { admitted: 0, released: 0 };
    const admission = {
      tally: () => ({
        count: () => undefined,
        admit: (_command: CanvasCommand, events: readonly CanvasEvent[]) => {
          const drawn = events.filter((event) => event.type === 'LineDrawn').length;
          if (drawn === 0) return;
          if (spent.admitted - spent.released >= budget)
            throw new DomainError('QUOTA_EXCEEDED', 'spent');
          spent.admitted += drawn;
        },
        release: (_command: CanvasCommand, events: readonly CanvasEvent[]) => {
          spent.released += events.filter((event) => event.type === 'LineDrawn').length;
        },
      }),
    };
    return { spent, admission };
  }

  it('a resend of a stored command is answered with its revision without being admitted', async () => {
    const quota = budgeted(1);
    const { store, handler } = await boardWith(quota.admission);
    const first = await handler.handle(stream, draw('owner', 'stroke-1'));
    // The budget (one drawing) is spent; the resend is still answered, and admitted nothing.
    for (let i = 0; i < 3; i++)
      expect((await handler.handle(stream, draw('owner', 'stroke-1'))).revision).toBe(
        first.revision,
      );
    expect(handler.storedRevision(stream, 'stroke-1', 'owner')).toBe(first.revision);
    // Another actor naming the same eventId is not told of it: decided (and refused) as new.
    expect(handler.storedRevision(stream, 'stroke-1', 'guest')).toBeUndefined();
    await expect(handler.handle(stream, draw('owner'))).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    expect(quota.spent).toEqual({ admitted: 1, released: 0 });
    expect((await store.readStream(stream)).length).toBe(2);
  });

  it('what a failed append admitted is given back before the batch is decided again', async () => {
    const quota = budgeted(2);
    const { store, handler } = await boardWith(quota.admission);
    // Another writer moves the stream on: the cached batch's append is refused and retried.
    const other = new CommandHandler<CanvasState, CanvasCommand, CanvasEvent>(store, canvasDecider);
    await other.handle(stream, draw('owner'));
    const results = await Promise.all([1, 2].map(() => handler.handle(stream, draw('owner'))));
    expect(results.map((result) => result.revision)).toEqual([2, 3]);
    // Admitted twice (the refused append, then the retry), given back once: two spent.
    expect(quota.spent.admitted - quota.spent.released).toBe(2);
  });
});
