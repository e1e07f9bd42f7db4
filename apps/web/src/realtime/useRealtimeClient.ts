import { useCallback, useSyncExternalStore } from 'react';
import type { RealtimeClient } from './realtimeClient';
import type { RealtimeSession } from './realtimeSession';

/** The session's current client (null while signed out or still opening), re-rendering on change. */
export function useRealtimeClient(session: RealtimeSession): RealtimeClient | null {
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = session.client$.subscribe(() => listener());
      return () => subscription.unsubscribe();
    },
    [session],
  );
  return useSyncExternalStore(subscribe, session.current, session.current);
}
