/**
 * Who has a canvas open, as one socket opens and closes canvases (a board, `join-canvas`, or
 * its history, `watch-canvas`): the socket that opens a canvas learns who has it open (and a
 * spec client who is online: the last map may have come before its board listened), and the
 * canvas's room hears of its user in the next window (canvasPeopleFeed.ts). A socket that goes
 * is counted out of every canvas it showed once it is gone.
 */
import type { AppSocket } from '../../realtime/socketTypes';
import { CanvasPeopleFeed } from './canvasPeopleFeed';
import type { PresenceDeps } from './presence.socket';
import { presenceFeed, wantsDeltas } from './presence.socket';

export interface CanvasPresence {
  /** The socket is in the canvas's room now. */
  opened(canvasId: string): Promise<void>;
  /** The socket left the canvas's room. */
  closed(canvasId: string): void;
  /** Whether the socket opened the canvas since it connected (closing it again always works). */
  hasOpened(canvasId: string): boolean;
}

export function canvasPresence(socket: AppSocket, context: PresenceDeps): CanvasPresence {
  const people = CanvasPeopleFeed.of(socket.nsp, context.logError);
  const opened = new Set<string>();

  // The rooms are still known while disconnecting; the people are counted once it is gone.
  let shown: string[] = [];
  socket.on('disconnecting', () => {
    shown = [...socket.rooms].filter((room) => room.startsWith('canvas:')).map((r) => r.slice(7));
  });
  socket.on('disconnect', () => {
    for (const canvasId of shown) people.changed(canvasId, socket.data.userId);
  });

  return {
    async opened(canvasId) {
      opened.add(canvasId);
      if (!wantsDeltas(socket)) await presenceFeed(socket.nsp.server, context).tellNow(socket);
      await people.opened(socket, canvasId);
    },
    closed(canvasId) {
      people.changed(canvasId, socket.data.userId);
    },
    hasOpened: (canvasId) => opened.has(canvasId),
  };
}
