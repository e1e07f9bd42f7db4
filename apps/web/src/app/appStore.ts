import { useSyncExternalStore } from 'react';
import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import { INITIAL_STATE } from './appState';
import type { AppState } from './appState';

/** A tiny observable store of `AppState`; change it with the pure `update` functions. */
export interface AppStore {
  get(): AppState;
  set(next: (state: AppState) => AppState): void;
  readonly state$: Observable<AppState>;
  subscribe(listener: () => void): () => void;
}

/** Creates a store, optionally from a given state (tests). */
export function createAppStore(initial: AppState = INITIAL_STATE): AppStore {
  const subject = new BehaviorSubject<AppState>(initial);
  return {
    get: () => subject.getValue(),
    set: (next) => subject.next(next(subject.getValue())),
    state$: subject.asObservable(),
    subscribe(listener) {
      const subscription = subject.subscribe(() => listener());
      return () => subscription.unsubscribe();
    },
  };
}

/** A slice of the store's state, re-rendering when it changes (by reference). */
export function useAppState<T>(store: AppStore, select: (state: AppState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
