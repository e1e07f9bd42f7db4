/** REST calls through the balancer; `node` asks for one node (see `haproxy.ts`). */
export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; message?: string; data?: T };
  /** The node that served the call. */
  node: string | null;
}

export async function rest<T = unknown>(
  url: string,
  route: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; token?: string; node?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers['auth-token'] = options.token;
  const query = options.node ? `?node=${options.node}` : '';
  const response = await fetch(`${url}${route}${query}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer<T>['body'],
    node: response.headers.get('x-tabula-node'),
  };
}
