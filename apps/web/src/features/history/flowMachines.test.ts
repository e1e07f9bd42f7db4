import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { CanvasSummary } from '@tabula/domain/protocol';
import { ApiError } from '../../api/apiClient';
import { forkMachine } from './forkMachine';
import { LABEL_LENGTH_TEXT, nameVersionMachine } from './nameVersionMachine';
import { restoreMachine } from './restoreMachine';

const clock = () => new SimulatedClock();
const input = { canvasId: 'c1' };

describe('restoreMachine', () => {
  function start(restore: (revision: number) => Promise<{ revision: number }>) {
    const effects = { showAlert: vi.fn(), restored: vi.fn() };
    const machine = restoreMachine.provide({
      actors: { restore: fromPromise(({ input: i }) => restore(i.revision)) },
      actions: {
        showAlert: (_, p) => effects.showAlert(p),
        restored: (_, p) => effects.restored(p),
      },
    });
    return { actor: createActor(machine, { clock: clock(), input }).start(), effects };
  }

  it('asks first, then restores the revision and says so', async () => {
    const restore = vi.fn(async () => ({ revision: 12 }));
    const { actor, effects } = start(restore);
    actor.send({ type: 'restore.open', revision: 7, allowed: true });
    expect(actor.getSnapshot().value).toBe('open');
    expect(restore).not.toHaveBeenCalled();
    actor.send({ type: 'restore.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(restore).toHaveBeenCalledWith(7);
    expect(effects.restored).toHaveBeenCalledWith({ revision: 7, newRevision: 12 });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'The canvas is back as it was at revision 7.',
      type: 'alert',
    });
  });

  it("tells a collaborator 'Not allowed!' without opening the popup or restoring", () => {
    const restore = vi.fn(async () => ({ revision: 1 }));
    const { actor, effects } = start(restore);
    actor.send({ type: 'restore.open', revision: 7, allowed: false });
    actor.send({ type: 'restore.now', revision: 7, allowed: false });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(effects.showAlert).toHaveBeenCalledTimes(2);
    expect(effects.showAlert).toHaveBeenCalledWith({ text: 'Not allowed!', type: 'danger' });
    expect(restore).not.toHaveBeenCalled();
  });

  it('undoes a clear in one step, without the question', async () => {
    const restore = vi.fn(async () => ({ revision: 9 }));
    const { actor, effects } = start(restore);
    actor.send({ type: 'restore.now', revision: 7, allowed: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(restore).toHaveBeenCalledWith(7);
    expect(effects.restored).toHaveBeenCalledWith({ revision: 7, newRevision: 9 });
  });

  it("keeps the popup open with the server's refusal; Cancel closes it", async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError('Not allowed!', 403);
    });
    actor.send({ type: 'restore.open', revision: 7, allowed: true });
    actor.send({ type: 'restore.confirm' });
    await waitFor(actor, (s) => s.matches('open') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Not allowed!');
    expect(effects.restored).not.toHaveBeenCalled();
    actor.send({ type: 'restore.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'restore.open', revision: 3, allowed: true });
    expect(actor.getSnapshot().context).toMatchObject({ revision: 3, error: null });
  });
});

describe('forkMachine', () => {
  const copy: CanvasSummary = {
    _id: 'c2',
    name: 'Roadmap (copy)',
    timestamp: '2026-11-23T10:00:00Z',
  };

  function start(fork: (revision: number) => Promise<CanvasSummary>) {
    const effects = { showAlert: vi.fn(), forked: vi.fn() };
    const machine = forkMachine.provide({
      actors: { fork: fromPromise(({ input: i }) => fork(i.revision)) },
      actions: { showAlert: (_, p) => effects.showAlert(p), forked: (_, p) => effects.forked(p) },
    });
    return { actor: createActor(machine, { clock: clock(), input }).start(), effects };
  }

  it('makes one copy of the revision and opens it, however often it is clicked', async () => {
    const fork = vi.fn(async () => copy);
    const { actor, effects } = start(fork);
    actor.send({ type: 'fork.start', revision: 5 });
    actor.send({ type: 'fork.start', revision: 5 });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(fork).toHaveBeenCalledTimes(1);
    expect(fork).toHaveBeenCalledWith(5);
    expect(effects.forked).toHaveBeenCalledWith({ canvas: copy });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Your copy “Roadmap (copy)” is ready.',
      type: 'alert',
    });
  });

  it('shows a failure as a danger alert', async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError('Canvas not found.', 404);
    });
    actor.send({ type: 'fork.start', revision: 5 });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(effects.forked).not.toHaveBeenCalled();
    expect(effects.showAlert).toHaveBeenCalledWith({ text: 'Canvas not found.', type: 'danger' });
  });
});

describe('nameVersionMachine', () => {
  function start(save: (label: string) => Promise<{ revision: number; label: string }>) {
    const effects = { showAlert: vi.fn(), named: vi.fn() };
    const machine = nameVersionMachine.provide({
      actors: { saveLabel: fromPromise(({ input: i }) => save(i.label)) },
      actions: { showAlert: (_, p) => effects.showAlert(p), named: (_, p) => effects.named(p) },
    });
    return { actor: createActor(machine, { clock: clock(), input }).start(), effects };
  }

  it('saves the trimmed name of the revision and says so', async () => {
    const save = vi.fn(async (label: string) => ({ revision: 4, label }));
    const { actor, effects } = start(save);
    actor.send({ type: 'name.open', revision: 4 });
    actor.send({ type: 'name.save', label: '  Before the review ' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(save).toHaveBeenCalledWith('Before the review');
    expect(effects.named).toHaveBeenCalledWith({ revision: 4, label: 'Before the review' });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Revision 4 is now called “Before the review”.',
      type: 'alert',
    });
  });

  it('refuses an empty name or one over 60 characters without asking the server', () => {
    const save = vi.fn(async (label: string) => ({ revision: 4, label }));
    const { actor } = start(save);
    actor.send({ type: 'name.open', revision: 4 });
    actor.send({ type: 'name.save', label: '   ' });
    expect(actor.getSnapshot().context.error).toBe(LABEL_LENGTH_TEXT);
    actor.send({ type: 'name.save', label: 'x'.repeat(61) });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(save).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { actor } = start(async () => {
      throw new ApiError('Canvas not found.', 404);
    });
    actor.send({ type: 'name.open', revision: 4 });
    actor.send({ type: 'name.save', label: 'Draft' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Canvas not found.');
    actor.send({ type: 'name.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
