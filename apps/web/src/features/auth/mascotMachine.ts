import { setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { TIMING } from '../../app/constants';

/** Events of the auth screen's mascot. */
export type MascotEvent =
  { type: 'mascot.focus'; field: 'password' | 'text' } | { type: 'mascot.blur' };

/** The mascot's picture: resting, watching a text field, or covering its eyes for the password. */
export type MascotPose = 'idle' | 'watching' | 'shy';

/**
 * The auth screen's mascot (spec §2, §9): it changes while a field is focused (covers its
 * eyes on the password) and resets to resting 2000 ms after the field loses focus.
 */
export const mascotMachine = setup({
  types: { events: {} as MascotEvent },
  guards: {
    isPassword: ({ event }) => event.type === 'mascot.focus' && event.field === 'password',
  },
  delays: { resetAfter: TIMING.mascotResetMs },
}).createMachine({
  id: 'mascot',
  initial: 'idle',
  on: {
    'mascot.focus': [{ guard: 'isPassword', target: '.shy' }, { target: '.watching' }],
  },
  states: {
    idle: {},
    watching: { on: { 'mascot.blur': 'settling.watching' } },
    shy: { on: { 'mascot.blur': 'settling.shy' } },
    settling: {
      after: { resetAfter: 'idle' },
      initial: 'watching',
      states: { watching: {}, shy: {} },
    },
  },
});

/** The pose a mascot snapshot shows. */
export function mascotPose(state: SnapshotFrom<typeof mascotMachine>): MascotPose {
  if (state.matches('shy') || state.matches({ settling: 'shy' })) return 'shy';
  if (state.matches('watching') || state.matches({ settling: 'watching' })) return 'watching';
  return 'idle';
}
