import { assign, fromPromise, setup } from 'xstate';
import type { CreatedShareLink, ShareLinkSummary } from '@tabula/domain/protocol';
import { errorMessage } from '../errorMessage';

/** Events of Share (the owner's view links). */
export type ShareLinksEvent =
  | { type: 'share.open' }
  | { type: 'share.create' }
  | { type: 'share.revoke'; linkId: string }
  | { type: 'share.close' };

interface ShareLinksContext {
  canvasId: string;
  links: ShareLinkSummary[] | null;
  /** The token of the link just created (shown once); null otherwise. */
  createdToken: string | null;
  revoking: string | null;
  error: string | null;
}

/**
 * Share: the dialog opens and loads the canvas's view links; Create adds one and shows its
 * address once; Revoke removes one (its viewers are disconnected by the server). A refusal
 * stays in the dialog as its error; closing forgets the created address.
 */
export const shareLinksMachine = setup({
  types: {
    input: {} as { canvasId: string },
    context: {} as ShareLinksContext,
    events: {} as ShareLinksEvent,
  },
  actors: {
    loadLinks: fromPromise<ShareLinkSummary[], { canvasId: string }>(async () => {
      throw new Error('loadLinks is not provided');
    }),
    createLink: fromPromise<CreatedShareLink, { canvasId: string }>(async () => {
      throw new Error('createLink is not provided');
    }),
    revokeLink: fromPromise<unknown, { canvasId: string; linkId: string }>(async () => {
      throw new Error('revokeLink is not provided');
    }),
  },
}).createMachine({
  id: 'shareLinks',
  context: ({ input }) => ({
    canvasId: input.canvasId,
    links: null,
    createdToken: null,
    revoking: null,
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'share.open': {
          target: 'loading',
          actions: assign({ links: null, createdToken: null, error: null }),
        },
      },
    },
    loading: {
      tags: ['open', 'busy'],
      invoke: {
        src: 'loadLinks',
        input: ({ context }) => ({ canvasId: context.canvasId }),
        onDone: { target: 'ready', actions: assign({ links: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: assign({ links: [], error: ({ event }) => errorMessage(event.error) }),
        },
      },
      on: { 'share.close': 'closed' },
    },
    ready: {
      tags: ['open'],
      on: {
        'share.create': { target: 'creating', actions: assign({ error: null }) },
        'share.revoke': {
          target: 'revoking',
          actions: assign({ revoking: ({ event }) => event.linkId, error: null }),
        },
        'share.close': 'closed',
      },
    },
    creating: {
      tags: ['open', 'busy'],
      invoke: {
        src: 'createLink',
        input: ({ context }) => ({ canvasId: context.canvasId }),
        onDone: {
          target: 'ready',
          actions: assign({
            createdToken: ({ event }) => event.output.token,
            links: ({ context, event }) => [
              ...(context.links ?? []),
              { linkId: event.output.linkId, createdAt: event.output.createdAt },
            ],
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    revoking: {
      tags: ['open', 'busy'],
      invoke: {
        src: 'revokeLink',
        input: ({ context }) => ({ canvasId: context.canvasId, linkId: context.revoking! }),
        onDone: {
          target: 'ready',
          actions: assign({
            links: ({ context }) =>
              (context.links ?? []).filter((link) => link.linkId !== context.revoking),
            revoking: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ revoking: null, error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
  },
});
