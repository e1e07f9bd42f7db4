import { useEffect, useState } from 'react';
import type * as Parts from './excalidrawParts';

/** The client-only part of the board: Excalidraw and Tabula's menu for it. */
export type ExcalidrawParts = typeof Parts;

let loading: Promise<ExcalidrawParts> | undefined;
let loaded: ExcalidrawParts | undefined;

/** Loads Excalidraw once per page (a failed load is tried again by the next board). */
export function loadExcalidraw(): Promise<ExcalidrawParts> {
  loading ??= import('./excalidrawParts').then(
    (parts) => (loaded = parts),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The board's Excalidraw: not yet, loaded, or why it could not load. */
export type ExcalidrawState =
  | { state: 'loading' }
  | { state: 'ready'; parts: ExcalidrawParts }
  | { state: 'failed'; error: unknown };

/**
 * Excalidraw, loaded from an effect: effects run only in the browser, so a server render (and
 * the hydration that follows it) shows the loading state and the board appears on the client.
 * Once loaded, later boards start with it.
 */
export function useExcalidraw(): ExcalidrawState {
  const [current, setCurrent] = useState<ExcalidrawState>(() =>
    loaded ? { state: 'ready', parts: loaded } : { state: 'loading' },
  );
  useEffect(() => {
    if (current.state !== 'loading') return undefined;
    let mounted = true;
    loadExcalidraw().then(
      (parts) => {
        if (mounted) setCurrent({ state: 'ready', parts });
      },
      (error: unknown) => {
        if (mounted) setCurrent({ state: 'failed', error });
      },
    );
    return () => {
      mounted = false;
    };
  }, [current.state]);
  return current;
}
