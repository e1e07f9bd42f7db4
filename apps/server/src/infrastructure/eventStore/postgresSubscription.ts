/**
 * Subscriptions of the PostgreSQL event store: a cursor (the last position delivered) that
 * reads the log forward whenever something may have been committed. Wake-ups come from
 * `LISTEN` on the store's channel, from a poll timer (a lost notification costs at most one
 * interval), and from every reconnection of the listening connection (a notification sent
 * while it was down is never replayed, so reconnecting reads by position).
 *
 * Reading "everything after my cursor" is enough because appends commit in position order
 * (see `postgresSchema.ts`): no event can appear later below a position already read.
 */
import pg from 'pg';
import { Observable, Subject } from 'rxjs';

import type { RecordedEvent, StorableEvent } from './eventStore';
import type { ReadPage } from './catchUpSubscription';

export interface WakeSourceOptions {
  connectionString: string;
  channel: string;
  /** Reads also run this often, whatever was notified. */
  pollIntervalMs: number;
  /** Told about a failed (re)connection of the listener; it keeps retrying. */
  onListenerError?: (error: unknown) => void;
}

/** Emits when subscribers should look for new events; `close()` completes it. */
export interface WakeSource {
  wakes: Observable<void>;
  close(): Promise<void>;
}

const RECONNECT_DELAYS_MS = [50, 100, 250, 500, 1_000, 2_000];

/**
 * Starts a dedicated `LISTEN` connection (application_name `tabula-listener`) that reconnects
 * for as long as the source is open, plus the poll timer.
 */
export function startWakeSource(options: WakeSourceOptions): WakeSource {
  const wakes = new Subject<void>();
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  const wake = (): void => {
    if (!closed) wakes.next();
  };

  const connect = async (attempt: number): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'tabula-listener',
    });
    let failed = false;
    const retry = (error: unknown): void => {
      if (failed) return;
      failed = true;
      next.removeAllListeners();
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (closed) return;
      options.onListenerError?.(error);
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
      retryTimer = setTimeout(() => void connect(attempt + 1), delay);
    };
    next.on('error', retry);
    next.on('end', () => retry(new Error('the listening connection ended')));
    next.on('notification', wake);
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      retry(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever was committed while nobody listened is found by position.
    wake();
    // Once connected, a later drop starts the delays again from the shortest.
    attempt = 0;
  };
  void connect(0);

  const poll = setInterval(wake, options.pollIntervalMs);
  poll.unref();

  return {
    wakes,
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(retryTimer);
      wakes.complete();
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * Delivers every event after `fromPosition` once, in position order: reads pages after the
 * cursor until a short page, and again at each wake-up (one read at a time; a wake-up during
 * a read makes it read once more). A failed read is retried at the next wake-up (the poll
 * timer guarantees one), so a dropped connection only delays delivery.
 */
export function positionCursorSubscription<E extends StorableEvent>(
  readPage: ReadPage<E>,
  wakes: Observable<void>,
  fromPosition = 0,
  pageSize = 500,
): Observable<RecordedEvent<E>> {
  return new Observable<RecordedEvent<E>>((subscriber) => {
    let cursor = fromPosition;
    let reading = false;
    let again = false;

    const readForward = async (): Promise<void> => {
      for (;;) {
        const page = await readPage(cursor, pageSize);
        for (const recorded of page) {
          if (subscriber.closed) return;
          if (recorded.position <= cursor) continue;
          cursor = recorded.position;
          subscriber.next(recorded);
        }
        if (page.length < pageSize) return;
      }
    };

    const pump = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          await readForward().catch(() => undefined);
        } while (again && !subscriber.closed);
      } finally {
        reading = false;
      }
    };

    const subscription = wakes.subscribe({
      next: () => void pump(),
      complete: () => subscriber.complete(),
    });
    void pump();
    return () => subscription.unsubscribe();
  });
}
