import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { update } from '../../app/appState';
import { ROUTES } from '../../app/constants';
import { useServices } from '../../app/ServicesContext';
import type { AppServices } from '../../app/services';
import type { AlertType } from '../alerts/alertMachine';
import { RealtimeError } from '../../realtime/realtimeClient';
import { deletionFlow } from './deletionFlow';
import { leaveCanvasMachine } from './leaveCanvasMachine';
import { nameEditMachine } from './nameEditMachine';

/** A machine's `showAlert` action on the app's toast. */
export function alertAction(services: AppServices) {
  return (_: unknown, { text, type }: { text: string; type: AlertType }) =>
    services.showAlert(text, type);
}

function connected(services: AppServices) {
  const client = services.realtime.current();
  if (!client) throw new RealtimeError('Not connected.', 'DISCONNECTED');
  return client;
}

/** Name editing of one canvas (header), bound to REST `updatecanvasname` and the store. */
export function useNameEdit(canvasId: string, name: string, focusInput: () => void = () => {}) {
  const services = useServices();
  const actor = useActorRef(
    useMemo(
      () =>
        nameEditMachine.provide({
          actors: {
            saveName: fromPromise(({ input }) =>
              services.api.updateCanvasName(input.canvasId, input.name),
            ),
          },
          actions: {
            focusInput,
            showAlert: alertAction(services),
            nameSaved: (_, p) =>
              services.store.set((s) => update.canvasRenamed(s, p.canvasId, p.name)),
          },
        }),
      [services, focusInput],
    ),
    { input: { canvasId, name } },
  );
  useEffect(() => actor.send({ type: 'name.sync', name }), [actor, name]);
  const editing = useSelector(actor, (s) => !s.matches('viewing'));
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  return { actor, editing, saving };
}

/** The canvas header's name-editing props, bound to `useNameEdit`; `allowed`: an owner's. */
export function nameHeaderProps(name: ReturnType<typeof useNameEdit>, allowed: boolean) {
  return {
    editing: name.editing,
    saving: name.saving,
    onEdit: () => name.actor.send({ type: 'name.edit', allowed }),
    onSave: (value: string) => {
      name.actor.send({ type: 'name.change', value });
      name.actor.send({ type: 'name.save' });
    },
    onCancel: () => name.actor.send({ type: 'name.cancel' }),
  };
}

/**
 * The delete popup of a screen, on the app's one delete flow; `afterDelete` runs once the
 * canvas is gone if the screen is still there. Leaving the screen closes a popup still open
 * (a delete already sent goes on and still alerts).
 */
export function useDeleteCanvas(afterDelete: (canvasId: string) => void = () => {}) {
  const services = useServices();
  const actor = deletionFlow(services);
  useEffect(() => {
    const deleted = actor.on('deleted', ({ canvasId }) => afterDelete(canvasId));
    return () => deleted.unsubscribe();
  }, [actor, afterDelete]);
  useEffect(() => () => actor.send({ type: 'delete.cancel' }), [actor]);
  const open = useSelector(actor, (s) => s.matches('open') || s.matches('deleting'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  /** Opens the popup for `canvasId` (or says 'Not allowed!'). */
  function request(canvasId: string) {
    const state = services.store.get();
    actor.send({
      type: 'delete.open',
      canvasId,
      allowed: state.canvases.some((c) => c._id === canvasId),
      ownsLiveCanvas: state.adminCanvasIds.includes(canvasId),
    });
  }

  return { actor, open, busy, request };
}

/** Leaving a live canvas; the user lands on /livecanvases when they left the open one. */
export function useLeaveCanvas(openCanvasId?: string) {
  const services = useServices();
  const navigate = useNavigate();
  const actor = useActorRef(
    useMemo(
      () =>
        leaveCanvasMachine.provide({
          actors: {
            canLeave: fromPromise(({ input }) =>
              connected(services).canLeaveCanvas(input.canvasId),
            ),
            leaveCanvas: fromPromise(({ input }) =>
              connected(services).leaveCanvas(input.canvasId),
            ),
          },
          actions: {
            showAlert: alertAction(services),
            canvasLeft: (_, { canvasId }) => {
              services.store.set((s) => ({
                ...s,
                liveCanvases: s.liveCanvases.filter((c) => c.canvasId !== canvasId),
              }));
              if (canvasId === openCanvasId) navigate(ROUTES.liveCanvases);
            },
          },
        }),
      [services, navigate, openCanvasId],
    ),
  );
  return {
    leave: (canvasId: string) => actor.send({ type: 'leave.request', canvasId }),
  };
}
