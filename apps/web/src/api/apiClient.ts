import { SOMETHING_WENT_WRONG } from '@tabula/domain';
import { API_PATHS, AUTH_HEADER, apiPath } from '@tabula/domain/protocol';
import type {
  ApiResponse,
  AuthenticatedUser,
  CanvasDetail,
  ClearingSetting,
  CanvasSummary,
  Checkpoint,
  CreatedShareLink,
  ShareLinkSummary,
  ViewLinkInfo,
  HistoryPage,
  HistoryQuery,
  SceneAtRevision,
  CreateUserRequest,
  DeletedCanvasData,
  LoginUserRequest,
  UpdateUserRequest,
  UserFields,
} from '@tabula/domain/protocol';

/** A failed REST call: `message` is the server's message, `status` the HTTP status (0 offline). */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Where the client sends requests and how it finds the token. */
export interface ApiClientOptions {
  /** Origin (or prefix) of the API; '' for same-origin. */
  baseUrl?: string;
  /** The stored token, read on every call. */
  getToken: () => string | null;
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** The REST calls of PROTOCOL.md, each resolving to the envelope's `data`. */
export interface ApiClient {
  createUser(body: CreateUserRequest): Promise<AuthenticatedUser>;
  loginUser(body: LoginUserRequest): Promise<AuthenticatedUser>;
  demoLogin(account: 1 | 2): Promise<AuthenticatedUser>;
  fetchUser(token?: string): Promise<UserFields>;
  updateUser(body: UpdateUserRequest): Promise<UserFields>;
  /** Revokes the session of `token` (default: the stored one). */
  logout(token?: string): Promise<void>;
  createCanvas(name?: string): Promise<CanvasSummary>;
  getCanvas(id: string): Promise<CanvasDetail>;
  getAllCanvases(): Promise<CanvasSummary[]>;
  updateCanvasName(id: string, name: string): Promise<CanvasSummary>;
  deleteCanvas(id: string): Promise<DeletedCanvasData>;
  /** One page of the canvas's history (newest first unless `order: 'asc'`). */
  getHistory(id: string, query?: HistoryQuery): Promise<HistoryPage>;
  /** The live elements of the canvas as they were at `revision`. */
  getSceneAt(id: string, revision: number): Promise<SceneAtRevision>;
  /** Owner only: the canvas (or only `elementIds`) back as at `revision`; the new revision. */
  restoreCanvas(id: string, revision: number, elementIds?: string[]): Promise<{ revision: number }>;
  /** A new personal canvas of the caller holding the scene at `revision`. */
  forkCanvas(id: string, revision: number, name?: string): Promise<CanvasSummary>;
  /** Names `revision` (1 to 60 characters). */
  nameVersion(
    id: string,
    revision: number,
    label: string,
  ): Promise<{ revision: number; label: string }>;
  /** The canvas's named versions, oldest first. */
  getCheckpoints(id: string): Promise<Checkpoint[]>;
  /**
   * The SVG picture of the canvas's drawing for its card, null when nothing is drawn. Goes
   * through the browser's HTTP cache, which revalidates by ETag (a 304 while unchanged).
   */
  getThumbnail(id: string): Promise<string | null>;
  /** A new view-only link (owner only); its token is shown only now. */
  createShareLink(id: string): Promise<CreatedShareLink>;
  /** The canvas's active view links, oldest first (owner only). */
  getShareLinks(id: string): Promise<ShareLinkSummary[]>;
  revokeShareLink(id: string, linkId: string): Promise<{ linkId: string }>;
  /** Whether collaborators may clear the board (docs/clearing.md). */
  getClearing(id: string): Promise<ClearingSetting>;
  /** The owner lets collaborators clear the board, or stops them. */
  setClearing(id: string, collaboratorsCanClear: boolean): Promise<ClearingSetting>;
  /** What a view link opens (no account needed). */
  openViewLink(token: string): Promise<ViewLinkInfo>;
}

/** The query string of a history call ('' when empty). */
export function historySearch(query: HistoryQuery = {}): string {
  const params = new URLSearchParams();
  for (const key of ['after', 'before', 'limit', 'actor', 'order'] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (query.types?.length) params.set('types', query.types.join(','));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * A fetch-based client for `/auth` and `/canvas`: JSON bodies, the `auth-token` header, and
 * the `{ success, message?, data? }` envelope unwrapped. A failure throws `ApiError` carrying
 * the server's message.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    return unwrap<T>(await send(`${baseUrl}${path}`, init, token));
  }

  /** The request with `token` (default: the stored one); offline, an `ApiError` of status 0. */
  async function send(
    url: string,
    init: RequestInit & { headers: Record<string, string> },
    token?: string,
  ): Promise<Response> {
    const authToken = token ?? options.getToken();
    if (authToken) init.headers[AUTH_HEADER] = authToken;
    try {
      return await doFetch(url, init);
    } catch {
      throw new ApiError(SOMETHING_WENT_WRONG, 0);
    }
  }

  /** The envelope's `data`, or an `ApiError` with the server's message. */
  async function unwrap<T>(response: Response): Promise<T> {
    let envelope: ApiResponse<T> | null = null;
    try {
      envelope = (await response.json()) as ApiResponse<T>;
    } catch {
      envelope = null;
    }
    if (!envelope || typeof envelope !== 'object') {
      throw new ApiError(SOMETHING_WENT_WRONG, response.status);
    }
    if (!response.ok || envelope.success !== true) {
      throw new ApiError(envelope.message || SOMETHING_WENT_WRONG, response.status);
    }
    return envelope.data;
  }

  return {
    createUser: (body) => request('POST', API_PATHS.createUser, body),
    loginUser: (body) => request('POST', API_PATHS.loginUser, body),
    demoLogin: (account) => request('POST', API_PATHS.demoLogin, { account }),
    fetchUser: (token) => request('GET', API_PATHS.fetchUser, undefined, token),
    updateUser: (body) => request('POST', API_PATHS.updateUser, body),
    logout: async (token) => {
      await request<null>('POST', API_PATHS.logout, {}, token);
    },
    createCanvas: (name) =>
      request('POST', API_PATHS.createCanvas, name === undefined ? {} : { name }),
    getCanvas: (id) => request('GET', apiPath(API_PATHS.getCanvas, id)),
    getAllCanvases: () => request('GET', API_PATHS.getAllCanvases),
    updateCanvasName: (id, name) =>
      request('POST', apiPath(API_PATHS.updateCanvasName, id), { name }),
    deleteCanvas: (id) => request('POST', apiPath(API_PATHS.deleteCanvas, id), {}),
    getHistory: (id, query) =>
      request('GET', `${apiPath(API_PATHS.history, id)}${historySearch(query)}`),
    getSceneAt: (id, revision) =>
      request('GET', `${apiPath(API_PATHS.sceneAt, id)}?revision=${revision}`),
    restoreCanvas: (id, revision, elementIds) =>
      request('POST', apiPath(API_PATHS.restore, id), { revision, elementIds }),
    forkCanvas: (id, revision, name) =>
      request('POST', apiPath(API_PATHS.fork, id), { revision, name }),
    nameVersion: (id, revision, label) =>
      request('POST', apiPath(API_PATHS.checkpoint, id), { revision, label }),
    getCheckpoints: (id) => request('GET', apiPath(API_PATHS.checkpoints, id)),
    createShareLink: (id) => request('POST', apiPath(API_PATHS.share, id), {}),
    getShareLinks: (id) => request('GET', apiPath(API_PATHS.shares, id)),
    revokeShareLink: (id, linkId) => request('POST', apiPath(API_PATHS.unshare, id), { linkId }),
    getClearing: (id) => request('GET', apiPath(API_PATHS.clearing, id)),
    setClearing: (id, collaboratorsCanClear) =>
      request('POST', apiPath(API_PATHS.clearing, id), { collaboratorsCanClear }),
    openViewLink: (token) => request('GET', apiPath(API_PATHS.viewLink, token), undefined, ''),
    getThumbnail: async (id) => {
      const headers = { accept: 'image/svg+xml' };
      const response = await send(`${baseUrl}${apiPath(API_PATHS.thumbnail, id)}`, { headers });
      if (response.status === 204) return null;
      // Not a picture: the envelope's message, thrown.
      if (!response.ok) return unwrap<never>(response);
      return response.text();
    },
  };
}

/** Splits the token off an authenticated user (spec §3: "The token is split off"). */
export function splitToken(authenticated: AuthenticatedUser): { user: UserFields; token: string } {
  const { token, ...user } = authenticated;
  return { user, token };
}
