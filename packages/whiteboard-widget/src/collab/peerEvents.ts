import type { Subscription } from 'rxjs';
import type {
  CanvasDeletedMessage,
  InkMessage,
  UpdatedCanvasMessage,
} from '@tabula/domain/protocol';
import type { PeerDirectory } from './peers';
import type { Transport } from './Transport';

/** What `followPeers` tells its owner. */
export interface PeerChanges {
  /** The list of peers changed. */
  changed(): void;
  /** `userId` left the canvas or disconnected (their previews go). */
  gone(userId: string): void;
}

/**
 * Keeps `directory` up to date with the transport's presence messages for one canvas: members
 * (`collaborator-joined`/`-leaved`), who has it open (`canvas-people`, then
 * `canvas-people-changed`), who is online (`get-online-users`, `disconnected-user`, or
 * `online-users` and `online-users-changed`), pointers (`pointer-frame`: every peer that moved
 * in a frame in one message, as the transport's handshake asks; or the spec's `pointer-moved`,
 * one per peer) and whether the transport is connected.
 */
export function followPeers(
  transport: Transport,
  canvasId: string,
  directory: PeerDirectory,
  tell: PeerChanges,
): Subscription {
  const subscription = transport.events('pointer-moved').subscribe((message) => {
    if (message.canvasId === canvasId && directory.pointerMoved(message)) tell.changed();
  });
  subscription.add(
    transport.events('pointer-frame').subscribe(({ canvasId: frameCanvas, pointers }) => {
      if (frameCanvas !== canvasId) return;
      let changed = false;
      for (const pointer of pointers)
        changed = directory.pointerMoved({ ...pointer, canvasId }) || changed;
      if (changed) tell.changed();
    }),
  );
  subscription.add(
    transport.events('collaborator-joined').subscribe((message) => {
      if (message.canvasId !== canvasId) return;
      directory.setMembers(message);
      tell.changed();
    }),
  );
  subscription.add(
    transport.events('collaborator-leaved').subscribe((message) => {
      if (message.canvasId !== canvasId) return;
      directory.removeMember(message.userId);
      tell.gone(message.userId);
    }),
  );
  subscription.add(
    transport.events('canvas-people').subscribe((message) => {
      if (message.canvasId !== canvasId) return;
      directory.setHere(message.userIds);
      tell.changed();
    }),
  );
  subscription.add(
    transport.events('canvas-people-changed').subscribe((change) => {
      if (change.canvasId !== canvasId) return;
      const gone = directory.hereChanged(change);
      for (const userId of gone) tell.gone(userId);
      tell.changed();
    }),
  );
  subscription.add(
    transport.events('get-online-users').subscribe((users) => {
      directory.setOnline(users);
      tell.changed();
    }),
  );
  subscription.add(
    transport.events('online-users').subscribe(({ users }) => {
      directory.setOnlineList(users);
      tell.changed();
    }),
  );
  subscription.add(
    transport.events('online-users-changed').subscribe((change) => {
      const gone = directory.onlineChanged(change);
      for (const userId of gone) tell.gone(userId);
      if (gone.length === 0) tell.changed();
    }),
  );
  subscription.add(
    transport.events('disconnected-user').subscribe((userId) => {
      directory.userDisconnected(userId);
      tell.gone(userId);
    }),
  );
  // Offline, other people's presence and cursors are not shown as live: no one is listed
  // until the connection is back (the server then says again who is here).
  subscription.add(
    transport.status$.subscribe((status) => {
      if (directory.setConnected(status === 'connected')) tell.changed();
    }),
  );
  return subscription;
}

/** What `followCanvas` tells its owner about one canvas. */
export interface CanvasEvents {
  updated(message: UpdatedCanvasMessage): void;
  ink(message: InkMessage): void;
  deleted(message: CanvasDeletedMessage): void;
  /** The server says this client fell too far behind: join again for the scene. */
  resync(): void;
}

/**
 * The transport's messages about one canvas: committed changes, peers' ink, its deletion and
 * the server's call to load it again (`canvas-resync`).
 * (The socket's `error` names no canvas, as it may be about the app or another board: only
 * this canvas's own events count as the board's.)
 */
export function followCanvas(
  transport: Transport,
  canvasId: string,
  tell: CanvasEvents,
): Subscription {
  const subscription = transport.events('updated-canvas').subscribe((message) => {
    if (message.canvasId === canvasId) tell.updated(message);
  });
  subscription.add(
    transport.events('ink').subscribe((message) => {
      if (message.canvasId === canvasId) tell.ink(message);
    }),
  );
  subscription.add(
    transport.events('canvas-deleted').subscribe((message) => {
      if (message.canvasId === canvasId) tell.deleted(message);
    }),
  );
  subscription.add(
    transport.events('canvas-resync').subscribe((message) => {
      if (message.canvasId === canvasId) tell.resync();
    }),
  );
  return subscription;
}
