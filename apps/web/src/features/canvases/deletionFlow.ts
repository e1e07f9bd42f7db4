import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { update } from '../../app/appState';
import type { AppServices } from '../../app/services';
import { deleteCanvasMachine } from './deleteCanvasMachine';

export type DeletionFlow = ActorRefFrom<typeof deleteCanvasMachine>;

const flows = new WeakMap<AppServices, DeletionFlow>();

/**
 * The app's one delete flow (one per page load), bound to REST `deletecanvas`, the realtime
 * notice, the store and the toast. It outlives the screen that opened it: the server tells the
 * canvas's room at once, so the owner's own screen may leave (eviction watch) before the REST
 * answer arrives, and 'Canvas deleted Successfully' must still show.
 */
export function deletionFlow(services: AppServices): DeletionFlow {
  let flow = flows.get(services);
  if (!flow) {
    const machine = deleteCanvasMachine.provide({
      actors: {
        deleteCanvas: fromPromise(async ({ input }) => {
          await services.api.deleteCanvas(input.canvasId);
        }),
      },
      actions: {
        showAlert: (_, { text, type }) => services.showAlert(text, type),
        notifyLiveDeletion: (_, { canvasId }) => {
          services.realtime
            .current()
            ?.deleteCanvas(canvasId)
            .catch(() => undefined);
        },
        canvasDeleted: (_, { canvasId }) =>
          services.store.set((s) => update.canvasDeleted(s, canvasId)),
      },
    });
    flow = createActor(machine).start();
    flows.set(services, flow);
  }
  return flow;
}
