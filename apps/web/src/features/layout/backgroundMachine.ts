import { assign, setup } from 'xstate';
import { TIMING } from '../../app/constants';

/**
 * The app background (spec §1, §9): rotates through `count` pictures, one every 30 s,
 * starting again at the first after the last.
 */
export const backgroundMachine = setup({
  types: { input: {} as { count: number }, context: {} as { index: number; count: number } },
  actions: {
    next: assign({ index: ({ context }) => (context.index + 1) % context.count }),
  },
  delays: { rotation: TIMING.backgroundRotationMs },
}).createMachine({
  id: 'background',
  context: ({ input }) => ({ index: 0, count: Math.max(1, input.count) }),
  initial: 'showing',
  states: {
    showing: {
      after: { rotation: { target: 'showing', reenter: true, actions: 'next' } },
    },
  },
});
