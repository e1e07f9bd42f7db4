import {
  combineLatest,
  distinctUntilChanged,
  EMPTY,
  filter,
  map,
  of,
  startWith,
  Subscription,
  switchMap,
} from 'rxjs';
import type { Observable } from 'rxjs';
import { ADMIN_DELETED_CANVAS, REMOVED_BY_ADMIN } from '@tabula/domain';
import { deletedCanvasNotice } from '../features/canvases/deletedCanvasNotice';
import { update } from './appState';
import type { AppServices } from './services';

/**
 * Wires the realtime events of the spec's section 7 into the app: presence (the initial
 * `online-users` list and its `online-users-changed` deltas; `get-online-users` and
 * `disconnected-user` are still followed), who has a canvas open (`canvas-people` once, then
 * `canvas-people-changed`), collaborators,
 * admin and live-canvas lists go to the store; `error` becomes a danger alert and
 * `invitation-accepted` a normal one. A collaborator whose open canvas is deleted
 * (`canvas-deleted`) gets a notice naming who deleted which canvas. Whether the connection is
 * up goes to the store too (presence is stale while it is down). While signed in and connected the client announces
 * itself `online` and asks for its collaborator canvases (spec §4). Returns the wiring to
 * unsubscribe.
 */
export function bindRealtime(services: AppServices): Subscription {
  const { realtime, store } = services;
  const subscription = new Subscription();
  const add = <T>(source: Observable<T>, next: (value: T) => void) =>
    subscription.add(source.subscribe(next));

  add(realtime.events('get-online-users'), (users) =>
    store.set((s) => update.onlineUsersLoaded(s, users)),
  );
  add(realtime.events('online-users'), ({ users }) =>
    store.set((s) => update.onlineListLoaded(s, users)),
  );
  add(realtime.events('online-users-changed'), (change) =>
    store.set((s) => update.onlineChanged(s, change)),
  );
  add(realtime.events('disconnected-user'), (userId) =>
    store.set((s) => update.userDisconnected(s, userId)),
  );
  add(realtime.events('collaborator-joined'), ({ canvasId, collaborators }) =>
    store.set((s) => update.collaboratorsJoined(s, canvasId, collaborators)),
  );
  add(realtime.events('canvas-people'), ({ canvasId, userIds }) =>
    store.set((s) => update.canvasPeople(s, canvasId, userIds)),
  );
  add(realtime.events('canvas-people-changed'), (change) =>
    store.set((s) => update.canvasPeopleChanged(s, change)),
  );
  add(realtime.events('collaborator-leaved'), ({ canvasId, userId }) =>
    store.set((s) => update.collaboratorLeft(s, canvasId, userId)),
  );
  add(realtime.events('get-admin-of-canvases'), (ids) =>
    store.set((s) => update.adminCanvasesLoaded(s, ids)),
  );
  add(realtime.events('all-collaborator-canvases'), (canvases) =>
    store.set((s) => update.liveCanvasesLoaded(s, canvases)),
  );
  // Collaborators told by name that a canvas they had open was deleted: the server's generic
  // `error` that follows (to every collaborator) is not shown to them again as a toast.
  let toldByName = 0;
  add(realtime.events('canvas-deleted'), ({ canvasId }) => {
    // The owner's own deletion (the list already dropped it, or it is theirs).
    if (store.get().canvases.some((c) => c._id === canvasId)) return;
    toldByName += 1;
    store.set((s) => update.canvasDeletedUnderUser(s, canvasId, deletedCanvasNotice(s, canvasId)));
  });
  // The owner learns of a new collaborator here (its app connection is not in the canvas room).
  add(realtime.events('invitation-accepted'), ({ canvasId, userId, message }) => {
    store.set((s) => {
      const online = s.onlineUsers[userId];
      const joined = {
        userId,
        username: online?.username ?? '',
        profilePhoto: online?.profilePhoto ?? '',
      };
      return update.collaboratorAdded(s, canvasId, joined);
    });
    services.showAlert(message, 'alert');
  });
  add(realtime.events('error'), ({ message }) => {
    if (message === ADMIN_DELETED_CANVAS && toldByName > 0) toldByName -= 1;
    else services.showAlert(message, 'danger');
    if (message === REMOVED_BY_ADMIN || message === ADMIN_DELETED_CANVAS) {
      refreshLiveCanvases(services);
    }
  });
  add(
    realtime.client$.pipe(
      switchMap((client) =>
        client ? client.connected$.pipe(startWith(client.socket.connected)) : of(false),
      ),
      distinctUntilChanged(),
    ),
    (connected) => store.set((s) => update.connectionChanged(s, connected)),
  );

  const session$ = store.state$.pipe(
    map((s) => s.session),
    distinctUntilChanged(),
  );
  add(
    realtime.client$.pipe(
      switchMap((client) =>
        client
          ? combineLatest([
              client.connected$.pipe(startWith(client.socket.connected)),
              session$,
            ]).pipe(
              filter(([connected, session]) => connected && session !== null),
              map(([, session]) => ({ client, session: session! })),
            )
          : EMPTY,
      ),
    ),
    ({ client, session }) => {
      client.online({
        userId: session.user.id,
        username: session.user.username,
        profilePhoto: session.user.profilePhoto,
      });
      refreshLiveCanvases(services);
    },
  );
  return subscription;
}

/** Asks for the live canvases the user collaborates on and stores them. */
export function refreshLiveCanvases(services: AppServices): void {
  const client = services.realtime.current();
  if (!client) return;
  client
    .getAllCollaboratorCanvases()
    .then((canvases) => services.store.set((s) => update.liveCanvasesLoaded(s, canvases)))
    .catch(() => {
      // The server also pushes `all-collaborator-canvases`; a lost answer is not fatal.
    });
}
