import { useEffect, useRef } from 'react';
import { socketTransport } from '@tabula/whiteboard/collab';
import type { HistoryEntry } from '@tabula/domain/protocol';
import { useServices } from '../../app/ServicesContext';
import { useRealtimeClient } from '../../realtime/useRealtimeClient';

/** What {@link useCanvasRoom} reports. */
export interface CanvasRoomListener {
  /** A new entry of the canvas's history (`history-appended`). */
  onEntry: (entry: HistoryEntry) => void;
  /** The room was joined (first time or after a reconnect): entries may have been missed. */
  onJoined: () => void;
}

/**
 * Keeps the tab's one socket in the canvas's room while the history screen shows, read-only
 * (it joins and listens, it never draws), so `history-appended` arrives. It joins again after
 * every reconnect and leaves the room (`close-canvas`) when the screen goes.
 */
export function useCanvasRoom(canvasId: string, listener: CanvasRoomListener): void {
  const services = useServices();
  const client = useRealtimeClient(services.realtime);
  const socket = client?.socket ?? null;
  const latest = useRef(listener);
  latest.current = listener;

  useEffect(() => {
    if (!socket) return undefined;
    // The widget's transport over the app's socket: it tracks the rooms it joined and leaves
    // them on close without disconnecting the socket.
    const transport = socketTransport(socket);
    const join = () => {
      transport
        .request('join-canvas', { canvasId })
        .then((result) => result.ok && latest.current.onJoined())
        .catch(() => {
          // Not connected after all: the next 'connected' joins again.
        });
    };
    const status = transport.status$.subscribe((now) => now === 'connected' && join());
    const entries = transport.events('history-appended').subscribe((message) => {
      if (message.canvasId === canvasId) latest.current.onEntry(message.entry);
    });
    return () => {
      status.unsubscribe();
      entries.unsubscribe();
      transport.close();
    };
  }, [socket, canvasId]);
}
