import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { HistoryPage, HistoryQuery } from '@tabula/domain/protocol';
import { ApiError } from '../../api/apiClient';
import { ACTIVITY_RETRY_MS, activityMachine, mergeEntries } from './activityMachine';
import { drawn } from './testEntries';

type Answer = (query: HistoryQuery) => HistoryPage | Promise<HistoryPage>;

function start(answer: Answer) {
  const clock = new SimulatedClock();
  const queries: HistoryQuery[] = [];
  const machine = activityMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input }) => {
        queries.push(input.query);
        return answer(input.query);
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { canvasId: 'c1' } }).start();
  return { actor, clock, queries };
}

const revisions = (actor: ReturnType<typeof start>['actor']) =>
  actor.getSnapshot().context.entries.map((e) => e.revision);

describe('activityMachine', () => {
  it('loads the newest page, then catches up once on what came before the join', async () => {
    const { actor, queries } = start((q) =>
      q.order === 'asc' ? { entries: [drawn(6)] } : { entries: [drawn(5), drawn(4)], next: 4 },
    );
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    expect(revisions(actor)).toEqual([6, 5, 4]);
    expect(queries).toEqual([
      { order: 'desc', limit: 50 },
      { order: 'asc', after: 5 },
    ]);
  });

  it('pages older entries with `before` until there is no next page', async () => {
    const { actor, queries } = start((q) => {
      if (q.order === 'asc') return { entries: [] };
      return q.before === undefined
        ? { entries: [drawn(9), drawn(8)], next: 8 }
        : { entries: [drawn(7), drawn(6)] };
    });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    actor.send({ type: 'activity.loadOlder' });
    expect(actor.getSnapshot().hasTag('loadingOlder')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { older: 'idle' } }));
    expect(queries.at(-1)).toEqual({ order: 'desc', before: 8, limit: 50 });
    expect(revisions(actor)).toEqual([9, 8, 7, 6]);
    expect(actor.getSnapshot().context.older).toBeUndefined();

    actor.send({ type: 'activity.loadOlder' });
    expect(actor.getSnapshot().matches({ ready: { older: 'idle' } })).toBe(true);
  });

  it('adds live entries in order, once each, even while the first page is on its way', async () => {
    let release: (page: HistoryPage) => void = () => {};
    const { actor } = start((q) =>
      q.order === 'asc' ? { entries: [] } : new Promise<HistoryPage>((r) => (release = r)),
    );
    actor.send({ type: 'activity.appended', entry: drawn(3) });
    release({ entries: [drawn(3), drawn(2)] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'activity.appended', entry: drawn(4) });
    actor.send({ type: 'activity.appended', entry: drawn(4) });
    expect(revisions(actor)).toEqual([4, 3, 2]);
  });

  it('catches up after a rejoin, page by page', async () => {
    const { actor, queries } = start((q) => {
      if (q.order === 'desc') return { entries: [drawn(2)] };
      if (q.after === 2 && queries.filter((x) => x.order === 'asc').length === 1)
        return { entries: [] };
      return q.after === 2 ? { entries: [drawn(3)], next: 3 } : { entries: [drawn(4)] };
    });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    actor.send({ type: 'activity.resync' });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    expect(revisions(actor)).toEqual([4, 3, 2]);
    expect(queries.slice(-2)).toEqual([
      { order: 'asc', after: 2 },
      { order: 'asc', after: 3 },
    ]);
  });

  it('starts the catch-up again when the room is rejoined during one', async () => {
    const pending: ((page: HistoryPage) => void)[] = [];
    const { actor, queries } = start((q) =>
      q.order === 'desc' ? { entries: [drawn(2)] } : new Promise((r) => pending.push(r)),
    );
    await waitFor(actor, () => pending.length === 1);
    actor.send({ type: 'activity.resync' });
    await waitFor(actor, () => pending.length === 2);
    pending[1]!({ entries: [drawn(3)] });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    pending[0]!({ entries: [] });
    expect(revisions(actor)).toEqual([3, 2]);
    expect(queries.filter((q) => q.order === 'asc')).toHaveLength(2);
  });

  it('asks again 5 s after a passing failure (simulated clock)', async () => {
    let fail = true;
    const { actor, clock } = start((q) => {
      if (fail) throw new ApiError('Something went wrong.', 0);
      return { entries: q.order === 'asc' ? [] : [drawn(1)] };
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Something went wrong.');
    fail = false;
    clock.increment(ACTIVITY_RETRY_MS - 1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(revisions(actor)).toEqual([1]);
  });

  it('stops for a canvas that is missing or not the user’s, and never asks again', async () => {
    const { actor, clock, queries } = start(() => {
      throw new ApiError('Canvas not found.', 404);
    });
    await waitFor(actor, (s) => s.matches('unavailable'));
    clock.increment(ACTIVITY_RETRY_MS * 3);
    expect(queries).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe('Canvas not found.');
  });

  it('keeps a failed older page as an error the user can retry', async () => {
    let failOlder = true;
    const { actor } = start((q) => {
      if (q.before !== undefined && failOlder) throw new ApiError('Offline.', 0);
      if (q.order === 'asc') return { entries: [] };
      return q.before === undefined ? { entries: [drawn(2)], next: 2 } : { entries: [drawn(1)] };
    });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    actor.send({ type: 'activity.loadOlder' });
    await waitFor(actor, (s) => s.context.olderError !== null);
    expect(actor.getSnapshot().context.olderError).toBe('Offline.');
    failOlder = false;
    actor.send({ type: 'activity.loadOlder' });
    await waitFor(actor, (s) => s.context.entries.length === 2);
    expect(actor.getSnapshot().context.olderError).toBeNull();
  });

  it('merges lists newest first with one entry per revision', () => {
    expect(mergeEntries([drawn(1), drawn(3)], [drawn(2), drawn(3)]).map((e) => e.revision)).toEqual(
      [3, 2, 1],
    );
  });
});
