/**
 * The main thread's side of the SQLite writer worker (`sqliteWriter.worker.mjs`): starts it,
 * sends it requests as plain data and settles one promise per request when its answer comes
 * back. Answers come back in the order the requests were sent.
 */
import { Worker } from 'node:worker_threads';

import Database from 'better-sqlite3';

import type { ActualRevision, ExpectedRevision } from './eventStore';

/** One append of a group, as the worker needs it: the events already serialised. */
export interface AppendRequest {
  stream: string;
  expected: ExpectedRevision;
  eventIds: string[];
  types: string[];
  bodies: string[];
  /** The eventIds that appear more than once inside the batch. */
  repeated: string[];
}

/**
 * What became of one append: written (`positions` of its events, from `firstRevision` on),
 * a whole-batch resend (no `positions`: the original result), or refused by a rule.
 */
export type AppendOutcome =
  | {
      ok: true;
      nextRevision: number;
      position: number;
      firstRevision?: number;
      positions?: number[];
    }
  | { ok: false; duplicates: string[] }
  | { ok: false; actual: ActualRevision };

export interface EraseRequest {
  stream: string;
  erasedAt: string;
  actorId: string | null;
  reason: string | null;
}

type Request =
  | { type: 'append'; recordedAt: string; appends: AppendRequest[] }
  | ({ type: 'erase' } & EraseRequest)
  | { type: 'close' };

interface Reply {
  id: number;
  outcomes?: AppendOutcome[];
  error?: { name: string; message: string; code?: string };
}

export interface SqliteWriter {
  /** Writes the appends in one transaction (with others queued meanwhile); one outcome each. */
  append(recordedAt: string, appends: AppendRequest[]): Promise<AppendOutcome[]>;
  /** Deletes the stream's rows, keeps the audit record and checkpoints the WAL (TRUNCATE). */
  erase(request: EraseRequest): Promise<void>;
  /** Finishes every request sent before, closes the connection and stops the worker. */
  close(): Promise<void>;
}

/** Rebuilds an error the worker sent as plain data; SQLite's keep their class and code. */
function rebuild({ name, message, code }: NonNullable<Reply['error']>): Error {
  if (name === 'SqliteError' && code !== undefined) return new Database.SqliteError(message, code);
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * Starts the writer on `file` (whose tables already exist) with the given pragmas. The worker
 * keeps the process alive only while a request is in flight, like any pending I/O.
 */
export function startSqliteWriter(file: string, pragmas: readonly string[]): SqliteWriter {
  const worker = new Worker(new URL('./sqliteWriter.worker.mjs', import.meta.url), {
    workerData: { file, pragmas },
    // Plain JavaScript: no need for the parent's loaders (tsx) or flags in the worker.
    execArgv: [],
    // A burst of appends would grow the worker's young generation to V8's default (16 MB
    // committed for good); its data lives one transaction, so a small one does.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  const waiting = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  let nextId = 0;
  let broken: Error | undefined;

  worker.on('message', (replies: Reply[]) => {
    for (const reply of replies) {
      const asker = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (reply.error) asker?.reject(rebuild(reply.error));
      else asker?.resolve(reply);
    }
    if (waiting.size === 0) worker.unref();
  });
  const fail = (error: Error): void => {
    broken ??= error;
    for (const asker of waiting.values()) asker.reject(broken);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The SQLite writer stopped (exit code ${code})`)));

  function ask(request: Request): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      if (broken) return reject(broken);
      nextId += 1;
      waiting.set(nextId, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id: nextId });
    });
  }

  return {
    async append(recordedAt, appends) {
      return (await ask({ type: 'append', recordedAt, appends })).outcomes!;
    },
    async erase(request) {
      await ask({ type: 'erase', ...request });
    },
    async close() {
      await ask({ type: 'close' });
      await worker.terminate();
    },
  };
}
