/**
 * An event store seen from outside: every append is timed for the metrics, and the appends
 * under way are known, so that a stopping server lets them commit before it closes the store.
 * The store itself is untouched; the other methods are its own.
 */
import type { EventStore, StorableEvent } from './eventStore';
import { WrongExpectedVersionError } from './eventStore';

export type AppendOutcome = 'ok' | 'conflict' | 'error';

/** Told of each append once it settles: how long it took, how it ended, its batch size. */
export type AppendObserver = (seconds: number, outcome: AppendOutcome, events: number) => void;

export interface ObservedAppends<E extends StorableEvent> {
  store: EventStore<E>;
  /** Appends started and not settled yet. */
  readonly inFlight: number;
  /** Resolves once every append under way now (and any started meanwhile) has settled. */
  settled(): Promise<void>;
}

export function observeAppends<E extends StorableEvent>(
  inner: EventStore<E>,
  observe: AppendObserver,
): ObservedAppends<E> {
  const pending = new Set<Promise<unknown>>();
  const append: EventStore<E>['append'] = (stream, events, options) => {
    const started = performance.now();
    const done = (outcome: AppendOutcome) =>
      observe((performance.now() - started) / 1000, outcome, events.length);
    const appended = inner.append(stream, events, options).then(
      (result) => (done('ok'), result),
      (error: unknown) => {
        done(error instanceof WrongExpectedVersionError ? 'conflict' : 'error');
        throw error;
      },
    );
    const settled = appended.catch(() => undefined).finally(() => pending.delete(settled));
    pending.add(settled);
    return appended;
  };
  const store = new Proxy(inner, {
    get(target, property) {
      if (property === 'append') return append;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    store,
    get inFlight() {
      return pending.size;
    },
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
