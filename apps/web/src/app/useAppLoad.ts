import { useEffect, useMemo } from 'react';
import { createActor, fromPromise } from 'xstate';
import { appLoadMachine } from '../features/auth/appLoadMachine';
import { loadCanvasListOnAppLoad } from '../features/canvases/canvasListLoads';
import { update } from './appState';
import { STORAGE_KEYS } from './constants';
import type { AppServices } from './services';

/** Binds the app load flow to the app's services. */
export function provideAppLoad(services: AppServices) {
  return appLoadMachine.provide({
    actors: {
      fetchUser: fromPromise(({ input }) => services.api.fetchUser(input.token)),
      checkLoggedInElsewhere: fromPromise(({ input }) => services.checkLoggedInElsewhere(input)),
      loadCanvases: fromPromise(() => loadCanvasListOnAppLoad(services)),
    },
    actions: {
      storeSession: (_, session) => services.storeSession(session),
      cleanupStorage: () => services.clearStorage(),
      cleanupState: () => services.clearState(),
    },
  });
}

/**
 * Runs the app load flow once (spec §4 "App load"): the stored token is checked and the
 * session restored, or cleaned up; the store is marked ready either way.
 */
export function useAppLoad(services: AppServices): void {
  const machine = useMemo(() => provideAppLoad(services), [services]);
  useEffect(() => {
    const actor = createActor(machine, {
      input: { token: services.storage.getItem(STORAGE_KEYS.token) },
    });
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') services.store.set(update.loaded);
    });
    actor.start();
    return () => {
      subscription.unsubscribe();
      actor.stop();
    };
  }, [machine, services]);
}
