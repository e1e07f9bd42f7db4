import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deleteCanvasMachine } from './deleteCanvasMachine';

function start(fail?: Error) {
  const deleted: string[] = [];
  const effects = { showAlert: vi.fn(), notifyLiveDeletion: vi.fn(), canvasDeleted: vi.fn() };
  const machine = deleteCanvasMachine.provide({
    actors: {
      deleteCanvas: fromPromise(async ({ input }: { input: { canvasId: string } }) => {
        if (fail) throw fail;
        deleted.push(input.canvasId);
      }),
    },
    actions: {
      showAlert: (_, p) => effects.showAlert(p),
      notifyLiveDeletion: (_, p) => effects.notifyLiveDeletion(p),
      canvasDeleted: (_, p) => effects.canvasDeleted(p),
    },
  });
  const actor = createActor(machine).start();
  const told: string[] = [];
  actor.on('deleted', ({ canvasId }) => told.push(canvasId));
  return { actor, deleted, effects, told };
}

describe('deleteCanvasMachine', () => {
  it('deletes a personal canvas after Delete, without a realtime notice', async () => {
    const { actor, deleted, effects, told } = start();

    actor.send({ type: 'delete.open', canvasId: 'c1', allowed: true, ownsLiveCanvas: false });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));

    expect(deleted).toEqual(['c1']);
    expect(effects.notifyLiveDeletion).not.toHaveBeenCalled();
    expect(effects.canvasDeleted).toHaveBeenCalledWith({ canvasId: 'c1' });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Canvas deleted Successfully',
      type: 'alert',
    });
    expect(told).toEqual(['c1']);
  });

  it('sends the delete-canvas notice for a live canvas the user owns', async () => {
    const { actor, effects } = start();

    actor.send({ type: 'delete.open', canvasId: 'c2', allowed: true, ownsLiveCanvas: true });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));

    expect(effects.notifyLiveDeletion).toHaveBeenCalledWith({ canvasId: 'c2' });
  });

  it('Cancel only closes the popup', () => {
    const { actor, deleted, effects } = start();

    actor.send({ type: 'delete.open', canvasId: 'c1', allowed: true, ownsLiveCanvas: false });
    actor.send({ type: 'delete.cancel' });

    expect(actor.getSnapshot().value).toBe('closed');
    expect(deleted).toEqual([]);
    expect(effects.showAlert).not.toHaveBeenCalled();
  });

  it("refuses with 'Not allowed!' for a canvas not in the user's list", () => {
    const { actor, effects } = start();

    actor.send({ type: 'delete.open', canvasId: 'x', allowed: false, ownsLiveCanvas: false });

    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.showAlert).toHaveBeenCalledWith({ text: 'Not allowed!', type: 'danger' });
  });

  it("shows the server's message when the delete fails", async () => {
    const { actor, effects, told } = start(new Error('Not allowed!'));

    actor.send({ type: 'delete.open', canvasId: 'c1', allowed: true, ownsLiveCanvas: false });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));

    expect(effects.canvasDeleted).not.toHaveBeenCalled();
    expect(effects.showAlert).toHaveBeenCalledWith({ text: 'Not allowed!', type: 'danger' });
    expect(told).toEqual([]);
  });
});
