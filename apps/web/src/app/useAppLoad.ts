import { useEffect, useMemo } from 'react';
import { createActor, fromPromise } from 'xstate';
import { appLoadMachine } from '../features/auth/appLoadMachine';
import { keepSessionUser, keptUser } from '../features/auth/keptSession';
import { loadCanvasListOnAppLoad } from '../features/canvases/canvasListLoads';
import { keepCanvasList, keptCanvasList } from '../features/offline/keptCanvasList';
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
      resumeKeptSession: (_, session) =>
        services.store.set((s) => {
          // Offline: the lists as the server last gave them on this device.
          const lists = keptCanvasList(services.storage, session.user.id);
          const signedIn = update.signedIn(s, session);
          if (!lists) return signedIn;
          const withCanvases = update.canvasesLoaded(signedIn, lists.canvases);
          const withLive = update.liveCanvasesLoaded(withCanvases, lists.liveCanvases);
          return update.adminCanvasesLoaded(withLive, lists.adminCanvasIds);
        }),
      cleanupStorage: () => services.clearStorage(),
      cleanupState: () => services.clearState(),
    },
  });
}

/**
 * Runs the app load flow once (spec §4 "App load"): the stored token is checked and the
 * session restored, or cleaned up; the store is marked ready either way. Without network the
 * session this device kept is shown, and checked with the server when the browser is back
 * online (docs/offline.md).
 */
export function useAppLoad(services: AppServices): void {
  const machine = useMemo(() => provideAppLoad(services), [services]);
  useEffect(() => {
    // The user of the session, kept on the device for a reload without network.
    const keeping = services.store.state$.subscribe((state) => {
      keepSessionUser(services.storage, state);
      keepCanvasList(services.storage, state);
    });
    const actor = createActor(machine, {
      input: {
        token: services.storage.getItem(STORAGE_KEYS.token),
        keptUser: keptUser(services.storage),
      },
    });
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') services.store.set(update.loaded);
    });
    const online = () => actor.send({ type: 'network.online' });
    window.addEventListener('online', online);
    actor.start();
    return () => {
      window.removeEventListener('online', online);
      subscription.unsubscribe();
      actor.stop();
      keeping.unsubscribe();
    };
  }, [machine, services]);
}
