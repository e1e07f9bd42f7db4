/**
 * Whether a failed app-load step means the server turned the stored token down (forget it),
 * or only that it did not answer (offline, restarting, too slow, a laptop that slept): then
 * the token is kept and the step is tried again.
 */
export function isTokenRefusal(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  // REST: 401 not authenticated, 403 not allowed, 404 the account is gone.
  if (typeof status === 'number') return status === 401 || status === 403 || status === 404;
  // Realtime: the handshake was refused.
  return code === 'NOT_AUTHENTICATED';
}

/**
 * Whether a failed request never reached a server: `fetch` threw (no network, DNS, a refused
 * connection), which the API client reports as status 0. An HTTP answer, even an error, is not.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const { status } = (error ?? {}) as { status?: unknown };
  return status === 0;
}
