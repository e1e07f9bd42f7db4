import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { nameEditMachine } from './nameEditMachine';

function start(save: (input: { canvasId: string; name: string }) => Promise<{ name: string }>) {
  const effects = { focusInput: vi.fn(), showAlert: vi.fn(), nameSaved: vi.fn() };
  const machine = nameEditMachine.provide({
    actors: { saveName: fromPromise(({ input }) => save(input)) },
    actions: {
      focusInput: effects.focusInput,
      showAlert: (_, p) => effects.showAlert(p),
      nameSaved: (_, p) => effects.nameSaved(p),
    },
  });
  const actor = createActor(machine, { input: { canvasId: 'c1', name: 'Old' } }).start();
  return { actor, effects };
}

describe('nameEditMachine', () => {
  it('enters edit mode focused and prefilled with the current name', () => {
    const { actor, effects } = start(async (i) => i);

    actor.send({ type: 'name.edit', allowed: true });

    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toBe('Old');
    expect(effects.focusInput).toHaveBeenCalledTimes(1);
  });

  it("saves the draft and alerts 'Canvas name Updated Successfully'", async () => {
    const save = vi.fn(async (i: { canvasId: string; name: string }) => ({ name: i.name }));
    const { actor, effects } = start(save);

    actor.send({ type: 'name.edit', allowed: true });
    actor.send({ type: 'name.change', value: ' New ' });
    actor.send({ type: 'name.save' });
    await waitFor(actor, (s) => s.matches('viewing'));

    expect(save).toHaveBeenCalledWith({ canvasId: 'c1', name: 'New' });
    expect(actor.getSnapshot().context.name).toBe('New');
    expect(effects.nameSaved).toHaveBeenCalledWith({ canvasId: 'c1', name: 'New' });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Canvas name Updated Successfully',
      type: 'alert',
    });
  });

  it('cancel returns to view mode with the name unchanged', () => {
    const { actor } = start(async (i) => i);

    actor.send({ type: 'name.edit', allowed: true });
    actor.send({ type: 'name.change', value: 'Draft' });
    actor.send({ type: 'name.cancel' });

    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.name).toBe('Old');
  });

  it("shows 'Not allowed!' for a canvas not in the user's own list", () => {
    const { actor, effects } = start(async (i) => i);

    actor.send({ type: 'name.edit', allowed: false });

    expect(actor.getSnapshot().value).toBe('viewing');
    expect(effects.showAlert).toHaveBeenCalledWith({ text: 'Not allowed!', type: 'danger' });
  });

  it("shows the server's message on failure and stays in edit mode", async () => {
    const { actor, effects } = start(async () => {
      throw new Error('Same name - cannot update');
    });

    actor.send({ type: 'name.edit', allowed: true });
    actor.send({ type: 'name.save' });
    await waitFor(actor, (s) => s.matches('editing'));

    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Same name - cannot update',
      type: 'danger',
    });
  });
});
