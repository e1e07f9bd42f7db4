import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { leaveCanvasMachine } from './leaveCanvasMachine';

function start(canLeave: boolean) {
  const left: string[] = [];
  const effects = { showAlert: vi.fn(), canvasLeft: vi.fn() };
  const machine = leaveCanvasMachine.provide({
    actors: {
      canLeave: fromPromise(async () => canLeave),
      leaveCanvas: fromPromise(async ({ input }: { input: { canvasId: string } }) => {
        left.push(input.canvasId);
      }),
    },
    actions: {
      showAlert: (_, p) => effects.showAlert(p),
      canvasLeft: (_, p) => effects.canvasLeft(p),
    },
  });
  return { actor: createActor(machine).start(), left, effects };
}

describe('leaveCanvasMachine', () => {
  it("leaves and alerts 'Canvas left Successfully'", async () => {
    const { actor, left, effects } = start(true);

    actor.send({ type: 'leave.request', canvasId: 'c1' });
    await waitFor(actor, (s) => s.matches('idle'));

    expect(left).toEqual(['c1']);
    expect(effects.canvasLeft).toHaveBeenCalledWith({ canvasId: 'c1' });
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Canvas left Successfully',
      type: 'alert',
    });
  });

  it("says 'Canvas not accessable.' when the server refuses", async () => {
    const { actor, left, effects } = start(false);

    actor.send({ type: 'leave.request', canvasId: 'c1' });
    await waitFor(actor, (s) => s.matches('idle'));

    expect(left).toEqual([]);
    expect(effects.showAlert).toHaveBeenCalledWith({
      text: 'Canvas not accessable.',
      type: 'danger',
    });
  });
});
