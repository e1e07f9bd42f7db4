import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { CreatedShareLink, ShareLinkSummary } from '@tabula/domain/protocol';
import { ApiError } from '../../api/apiClient';
import { shareLinksMachine } from './shareLinksMachine';

const existing: ShareLinkSummary = { linkId: 'l1', createdAt: '2026-11-23T10:00:00.000Z' };
const fresh: CreatedShareLink = { linkId: 'l2', createdAt: '2026-11-23T11:00:00.000Z', token: 't' };

function start(api: {
  load?: () => Promise<ShareLinkSummary[]>;
  create?: () => Promise<CreatedShareLink>;
  revoke?: (linkId: string) => Promise<unknown>;
}) {
  const machine = shareLinksMachine.provide({
    actors: {
      loadLinks: fromPromise(api.load ?? (async () => [existing])),
      createLink: fromPromise(api.create ?? (async () => fresh)),
      revokeLink: fromPromise(({ input }) => (api.revoke ?? (async () => ({})))(input.linkId)),
    },
  });
  return createActor(machine, { clock: new SimulatedClock(), input: { canvasId: 'c1' } }).start();
}

describe('shareLinksMachine', () => {
  it('opens with the links, creates one (its token shown once) and revokes one', async () => {
    const revoke = vi.fn(async () => ({}));
    const actor = start({ revoke });
    actor.send({ type: 'share.open' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.links).toEqual([existing]);
    actor.send({ type: 'share.create' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      createdToken: 't',
      links: [existing, { linkId: 'l2', createdAt: fresh.createdAt }],
    });
    actor.send({ type: 'share.revoke', linkId: 'l1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(revoke).toHaveBeenCalledWith('l1');
    expect(actor.getSnapshot().context.links).toEqual([
      { linkId: 'l2', createdAt: fresh.createdAt },
    ]);
    actor.send({ type: 'share.close' });
    actor.send({ type: 'share.open' });
    expect(actor.getSnapshot().context.createdToken).toBeNull();
  });

  it('keeps a refusal in the dialog as its error, and the list as it was', async () => {
    const actor = start({
      create: async () => {
        throw new ApiError('A canvas can have at most 10 view links: revoke one first.', 409);
      },
    });
    actor.send({ type: 'share.open' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'share.create' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      links: [existing],
      createdToken: null,
      error: 'A canvas can have at most 10 view links: revoke one first.',
    });
  });
});
