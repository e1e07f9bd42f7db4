import { assign, setup } from 'xstate';
import { TIMING } from '../../app/constants';

/** Kinds of alert the layout's toast shows (spec §3: 'alert' or 'danger'). */
export type AlertType = 'alert' | 'danger';

/** Events of the alert toast. */
export type AlertEvent =
  { type: 'alert.show'; text: string; alertType: AlertType } | { type: 'alert.dismiss' };

interface AlertContext {
  text: string;
  alertType: AlertType;
}

/**
 * The layout's alert toast (spec §3 "Alert: text, show, type"): shown with a text and a
 * type, hidden again after 3 s or when dismissed. A new alert restarts the timer.
 */
export const alertMachine = setup({
  types: { context: {} as AlertContext, events: {} as AlertEvent },
  actions: {
    setAlert: assign((_, params: AlertContext) => params),
    clearAlert: assign({ text: '', alertType: 'alert' as AlertType }),
  },
  delays: { alertDuration: TIMING.alertMs },
}).createMachine({
  id: 'alert',
  context: { text: '', alertType: 'alert' },
  initial: 'hidden',
  on: {
    'alert.show': {
      target: '.shown',
      reenter: true,
      actions: {
        type: 'setAlert',
        params: ({ event }) => ({ text: event.text, alertType: event.alertType }),
      },
    },
  },
  states: {
    hidden: {},
    shown: {
      after: { alertDuration: { target: 'hidden', actions: 'clearAlert' } },
      on: { 'alert.dismiss': { target: 'hidden', actions: 'clearAlert' } },
    },
  },
});
