import { assign, fromPromise, setup } from 'xstate';
import type { HistoryEntry, HistoryPage, HistoryQuery } from '@tabula/domain/protocol';
import { errorMessage } from '../errorMessage';

/** Entries asked for per page. */
export const ACTIVITY_PAGE_SIZE = 50;
/** A first page that failed for a passing reason (offline, server error) is asked again after. */
export const ACTIVITY_RETRY_MS = 5000;

/** Events of the activity list. */
export type ActivityEvent =
  | { type: 'activity.loadOlder' }
  | { type: 'activity.appended'; entry: HistoryEntry }
  /** The room was (re)joined: entries may have been missed meanwhile. */
  | { type: 'activity.resync' }
  | { type: 'activity.retry' };

export interface ActivityContext {
  canvasId: string;
  /** Newest first, one per revision. */
  entries: HistoryEntry[];
  /** Where the next older page starts (`before`), when there is one. */
  older: number | undefined;
  error: string | null;
  /** The canvas is missing or not the user's (404/403): asking again will not help. */
  unavailable: boolean;
  /** The first page failed for a passing reason: it is asked again after a while. */
  retriable: boolean;
  olderError: string | null;
}

/** `a` and `b` as one list, newest first, each revision once (`b` wins). */
export function mergeEntries(a: readonly HistoryEntry[], b: readonly HistoryEntry[]) {
  const byRevision = new Map<number, HistoryEntry>();
  for (const entry of [...a, ...b]) byRevision.set(entry.revision, entry);
  return [...byRevision.values()].sort((x, y) => y.revision - x.revision);
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Offline (0), a timeout or a server error: worth asking again. */
function isPassing(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status === 0 || status >= 500;
}

interface FetchInput {
  canvasId: string;
  query: HistoryQuery;
}

/**
 * The activity beside the player: the newest page first, older pages on demand, each
 * `history-appended` entry added as it comes (before, during or after a page), and what was
 * missed fetched after the first page and after each (re)join of the canvas room. A first page that failed for
 * a passing reason is asked again after {@link ACTIVITY_RETRY_MS}; a missing or forbidden
 * canvas is not.
 */
export const activityMachine = setup({
  types: {
    input: {} as { canvasId: string },
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
  },
  actors: {
    fetchPage: fromPromise<HistoryPage, FetchInput>(async () => {
      throw new Error('fetchPage is not provided');
    }),
  },
  actions: {
    merge: assign({
      entries: ({ context }, params: { entries: HistoryEntry[] }) =>
        mergeEntries(context.entries, params.entries),
    }),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error),
      unavailable: statusOf(params.error) === 404 || statusOf(params.error) === 403,
      retriable: isPassing(params.error),
    })),
  },
  guards: {
    hasOlder: ({ context }) => context.older !== undefined,
  },
  delays: { retry: ACTIVITY_RETRY_MS },
}).createMachine({
  id: 'activity',
  context: ({ input }) => ({
    canvasId: input.canvasId,
    entries: [],
    older: undefined,
    error: null,
    unavailable: false,
    retriable: false,
    olderError: null,
  }),
  on: {
    'activity.appended': {
      actions: { type: 'merge', params: ({ event }) => ({ entries: [event.entry] }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null, unavailable: false }),
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({
          canvasId: context.canvasId,
          query: { order: 'desc', limit: ACTIVITY_PAGE_SIZE },
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'merge', params: ({ event }) => ({ entries: event.output.entries }) },
            assign({ older: ({ event }) => event.output.next }),
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      always: { guard: ({ context }) => context.unavailable, target: 'unavailable' },
      on: { 'activity.retry': 'loading' },
      after: { retry: { guard: ({ context }) => context.retriable, target: 'loading' } },
    },
    unavailable: { type: 'final' },
    ready: {
      type: 'parallel',
      states: {
        older: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'activity.loadOlder': { guard: 'hasOlder', target: 'loading' } },
            },
            loading: {
              tags: ['loadingOlder'],
              entry: assign({ olderError: null }),
              invoke: {
                src: 'fetchPage',
                input: ({ context }) => ({
                  canvasId: context.canvasId,
                  query: { order: 'desc', before: context.older, limit: ACTIVITY_PAGE_SIZE },
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'merge', params: ({ event }) => ({ entries: event.output.entries }) },
                    assign({ older: ({ event }) => event.output.next }),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ olderError: ({ event }) => errorMessage(event.error) }),
                },
              },
            },
          },
        },
        sync: {
          // Once after the first page: what came between that page and the join.
          initial: 'catchingUp',
          states: {
            idle: { on: { 'activity.resync': 'catchingUp' } },
            catchingUp: {
              // A join during the catch-up may have missed what this fetch was served before
              // it: start again from the newest entry held.
              on: { 'activity.resync': { target: 'catchingUp', reenter: true } },
              invoke: {
                src: 'fetchPage',
                input: ({ context }) => ({
                  canvasId: context.canvasId,
                  query: { order: 'asc', after: context.entries[0]?.revision ?? 0 },
                }),
                onDone: [
                  {
                    // More than one page was missed: go on from the newest one received.
                    guard: ({ event }) => event.output.next !== undefined,
                    target: 'catchingUp',
                    reenter: true,
                    actions: {
                      type: 'merge',
                      params: ({ event }) => ({ entries: event.output.entries }),
                    },
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'merge',
                      params: ({ event }) => ({ entries: event.output.entries }),
                    },
                  },
                ],
                // The next (re)join tries again; the list keeps what it has.
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});
