import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { update } from '../../app/appState';
import { ROUTES } from '../../app/constants';
import { useServices } from '../../app/ServicesContext';
import { alertAction } from '../canvases/useCanvasFlows';
import { activityMachine } from './activityMachine';
import { forkMachine } from './forkMachine';
import { nameVersionMachine } from './nameVersionMachine';
import { restoreMachine } from './restoreMachine';

/** The activity list of a canvas, bound to REST `history`. */
export function useActivity(canvasId: string) {
  const services = useServices();
  const actor = useActorRef(
    useMemo(
      () =>
        activityMachine.provide({
          actors: {
            fetchPage: fromPromise(({ input }) =>
              services.api.getHistory(input.canvasId, input.query),
            ),
          },
        }),
      [services],
    ),
    { input: { canvasId } },
  );
  const state = useSelector(
    actor,
    (s) => ({
      entries: s.context.entries,
      loading: s.hasTag('loading'),
      loadingOlder: s.hasTag('loadingOlder'),
      hasOlder: s.context.older !== undefined,
      error: s.matches('failed') || s.matches('unavailable') ? s.context.error : null,
      unavailable: s.matches('unavailable'),
      olderError: s.context.olderError,
    }),
    shallowEqual,
  );
  return { actor, ...state };
}

/** What a dialog of a revision shows: busy, the error, the revision. */
function dialogView(snapshot: {
  hasTag(tag: string): boolean;
  context: { error: string | null; revision: number };
}) {
  const { error, revision } = snapshot.context;
  return { busy: snapshot.hasTag('busy'), error, revision };
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => Object.is(a[key], b[key]));
}

/** Restore this version (owner only), with its popup. */
export function useRestore(canvasId: string, onRestored: (newRevision: number) => void) {
  const services = useServices();
  const actor = useActorRef(
    useMemo(
      () =>
        restoreMachine.provide({
          actors: {
            restore: fromPromise(({ input }) =>
              services.api.restoreCanvas(input.canvasId, input.revision),
            ),
          },
          actions: {
            showAlert: alertAction(services),
            restored: (_, { newRevision }) => onRestored(newRevision),
          },
        }),
      [services, onRestored],
    ),
    { input: { canvasId } },
  );
  const view = useSelector(
    actor,
    (s) => ({
      open: s.matches('open') || (s.context.asked && s.hasTag('busy')),
      ...dialogView(s),
    }),
    shallowEqual,
  );
  return { actor, ...view };
}

/** Make a copy: the new canvas goes to the top of the user's list and opens. */
export function useFork(canvasId: string) {
  const services = useServices();
  const navigate = useNavigate();
  const actor = useActorRef(
    useMemo(
      () =>
        forkMachine.provide({
          actors: {
            fork: fromPromise(({ input }) =>
              services.api.forkCanvas(input.canvasId, input.revision),
            ),
          },
          actions: {
            showAlert: alertAction(services),
            forked: (_, { canvas }) => {
              services.store.set((s) => update.canvasCreated(s, canvas));
              navigate(ROUTES.canvas(canvas._id));
            },
          },
        }),
      [services, navigate],
    ),
    { input: { canvasId } },
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return { actor, busy };
}

/**
 * Name this version, with its dialog. The list learns the name from the `CheckpointNamed` entry
 * the server appends (history-appended), as every other open history screen does.
 */
export function useNameVersion(canvasId: string) {
  const services = useServices();
  const actor = useActorRef(
    useMemo(
      () =>
        nameVersionMachine.provide({
          actors: {
            saveLabel: fromPromise(({ input }) =>
              services.api.nameVersion(input.canvasId, input.revision, input.label),
            ),
          },
          actions: { showAlert: alertAction(services) },
        }),
      [services],
    ),
    { input: { canvasId } },
  );
  const view = useSelector(
    actor,
    (s) => ({ open: !s.matches('closed'), ...dialogView(s) }),
    shallowEqual,
  );
  return { actor, ...view };
}
