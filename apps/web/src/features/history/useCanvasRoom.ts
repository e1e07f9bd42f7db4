import { useEffect, useRef } from 'react';
import type {
  AckResult,
  HistoryAppendedMessage,
  HistoryEntry,
  WatchCanvasResult,
} from '@tabula/domain/protocol';
import { useServices } from '../../app/ServicesContext';
import { useRealtimeClient } from '../../realtime/useRealtimeClient';

/** What {@link useCanvasRoom} reports. */
export interface CanvasRoomListener {
  /** A new entry of the canvas's history (`history-appended`). */
  onEntry: (entry: HistoryEntry) => void;
  /** The room is watched (first time or after a reconnect): entries may have been missed. */
  onJoined: () => void;
}

/** How long a watch request may wait for its answer before it is sent again. */
const WATCH_TIMEOUT_MS = 10_000;

/**
 * Keeps the tab's one socket listening to the canvas's room while the history screen shows
 * (`watch-canvas`: history entries and notices, but no board, no scene and no drawing frames),
 * so `history-appended` arrives. It watches again after every reconnect and leaves the room
 * (`close-canvas`) when the screen goes.
 */
export function useCanvasRoom(canvasId: string, listener: CanvasRoomListener): void {
  const services = useServices();
  const client = useRealtimeClient(services.realtime);
  const socket = client?.socket ?? null;
  const latest = useRef(listener);
  latest.current = listener;

  useEffect(() => {
    if (!socket) return undefined;
    let closed = false;
    // Socket.IO's types do not carry an optional ack through `timeout()`: name the shape.
    const timed = () =>
      socket.timeout(WATCH_TIMEOUT_MS) as unknown as {
        emit(
          event: 'watch-canvas',
          payload: { canvasId: string },
          ack: (error: Error | null, result: AckResult<WatchCanvasResult>) => void,
        ): void;
      };
    const watch = () => {
      timed().emit('watch-canvas', { canvasId }, (error, result) => {
        if (closed) return;
        if (error) {
          // No answer: ask again while connected (a reconnect asks by itself).
          if (socket.connected) watch();
          return;
        }
        if (result.ok) latest.current.onJoined();
      });
    };
    const onEntry = (message: HistoryAppendedMessage) => {
      if (message.canvasId === canvasId) latest.current.onEntry(message.entry);
    };
    socket.on('connect', watch);
    socket.on('history-appended', onEntry);
    if (socket.connected) watch();
    return () => {
      closed = true;
      socket.off('connect', watch);
      socket.off('history-appended', onEntry);
      if (socket.connected) socket.emit('close-canvas', { canvasId });
    };
  }, [socket, canvasId]);
}
