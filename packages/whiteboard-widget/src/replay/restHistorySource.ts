import { API_PATHS, AUTH_HEADER, apiPath } from '@tabula/domain/protocol';
import type {
  ApiResponse,
  Checkpoint,
  ElementHistoryItem,
  HistoryAppendedMessage,
  HistoryEntry,
  HistoryPage,
  HistoryQuery,
  ReplayPage,
  SceneAtRevision,
} from '@tabula/domain/protocol';
import type { HistorySource, ReplayQuery } from './historySource';

/**
 * The part of a Socket.IO client socket the source uses: a socket of Tabula's contract that
 * has joined the canvas (`join-canvas`) qualifies.
 */
export interface HistoryAppendedSocket {
  on(event: 'history-appended', listener: (message: HistoryAppendedMessage) => void): unknown;
  off(event: 'history-appended', listener: (message: HistoryAppendedMessage) => void): unknown;
}

/** Options of `restHistorySource`. */
export interface RestHistorySourceOptions {
  /** The server's origin (REST paths are under it), e.g. `https://tabula.example`. */
  baseUrl: string;
  canvasId: string;
  /** The session token, sent as the `auth-token` header. */
  token?: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** A socket watching the canvas's history (`watch-canvas`): new entries come from its `history-appended`. */
  socket?: HistoryAppendedSocket;
}

type Params = Record<string, string | number | undefined>;

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The message of a failed call: the server's own when it gave one. */
async function failure(response: Response, what: string): Promise<Error> {
  try {
    const body = (await response.json()) as Partial<ApiResponse<unknown>>;
    if (typeof body.message === 'string' && body.message) return new Error(body.message);
  } catch {
    // Not JSON: the status says enough.
  }
  return new Error(`Could not load ${what} (HTTP ${response.status}).`);
}

/** A `HistorySource` over Tabula's REST API (and, optionally, its socket). */
export function restHistorySource(options: RestHistorySourceOptions): HistorySource {
  const { canvasId, token, socket } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function get<T>(path: string, params: Params, what: string): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(base + path + queryString(params), {
        headers: token ? { [AUTH_HEADER]: token } : {},
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not reach the server for ${what}: ${reason}`);
    }
    if (!response.ok) throw await failure(response, what);
    const body = (await response.json()) as ApiResponse<T>;
    if (!body.success) throw new Error(body.message || `Could not load ${what}.`);
    return body.data;
  }

  const source: HistorySource = {
    canvasId,
    history: (query: HistoryQuery = {}) =>
      get<HistoryPage>(
        apiPath(API_PATHS.history, canvasId),
        { ...query, types: query.types?.join(',') },
        'the history',
      ),
    replay: (query: ReplayQuery = {}) =>
      get<ReplayPage>(apiPath(API_PATHS.replay, canvasId), { ...query }, 'the replay'),
    sceneAt: (revision?: number) =>
      get<SceneAtRevision>(apiPath(API_PATHS.sceneAt, canvasId), { revision }, 'the scene'),
    elementHistory: (elementId: string) =>
      get<ElementHistoryItem[]>(
        apiPath(API_PATHS.elementHistory, canvasId, elementId),
        {},
        "the element's history",
      ),
    checkpoints: () =>
      get<Checkpoint[]>(apiPath(API_PATHS.checkpoints, canvasId), {}, 'the checkpoints'),
  };
  if (socket) {
    source.subscribe = (onEntry: (entry: HistoryEntry) => void) => {
      const listener = (message: HistoryAppendedMessage) => {
        if (message.canvasId === canvasId) onEntry(message.entry);
      };
      socket.on('history-appended', listener);
      return () => {
        socket.off('history-appended', listener);
      };
    };
  }
  return source;
}
