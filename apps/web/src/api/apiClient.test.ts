import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, historySearch, splitToken } from './apiClient';

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function fakeFetch(status: number, payload: unknown) {
  const calls: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return new Response(typeof payload === 'string' ? payload : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const user = { id: 'u1', username: 'ada', name: 'Ada', email: 'a@x.io', profilePhoto: 'data:,' };

describe('createApiClient', () => {
  it('fetches a canvas thumbnail as SVG text, null for an empty canvas, the message on a 404', async () => {
    const picture = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const answers = [
      new Response(picture, { status: 200, headers: { 'content-type': 'image/svg+xml' } }),
      new Response(null, { status: 204 }),
      new Response(JSON.stringify({ success: false, message: 'Canvas not found.' }), {
        status: 404,
      }),
    ];
    const urls: string[] = [];
    const headers: Record<string, string>[] = [];
    const api = createApiClient({
      getToken: () => 'stored',
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(String(input));
        headers.push(init?.headers as Record<string, string>);
        return answers.shift()!;
      }) as typeof globalThis.fetch,
    });

    expect(await api.getThumbnail('c 1')).toBe(picture);
    expect(await api.getThumbnail('c1')).toBeNull();
    await expect(api.getThumbnail('c1')).rejects.toEqual(new ApiError('Canvas not found.', 404));
    expect(urls[0]).toBe('/canvas/thumbnail/c%201');
    expect(headers[0]!['auth-token']).toBe('stored');
  });

  it('posts the credentials and unwraps the data of the envelope', async () => {
    const { calls, fetch } = fakeFetch(200, { success: true, data: { ...user, token: 't1' } });
    const api = createApiClient({ baseUrl: 'http://h', getToken: () => null, fetch });

    const result = await api.loginUser({ email: 'a@x.io', password: 'pw' });

    expect(result).toEqual({ ...user, token: 't1' });
    expect(calls[0]).toMatchObject({
      url: 'http://h/auth/loginuser',
      method: 'POST',
      body: { email: 'a@x.io', password: 'pw' },
    });
    expect(calls[0]!.headers['auth-token']).toBeUndefined();
  });

  it("sends the stored token in the 'auth-token' header", async () => {
    const { calls, fetch } = fakeFetch(200, { success: true, data: [] });
    const api = createApiClient({ getToken: () => 'stored', fetch });

    await api.getAllCanvases();

    expect(calls[0]).toMatchObject({ url: '/canvas/getallcanvases', method: 'GET' });
    expect(calls[0]!.headers['auth-token']).toBe('stored');
  });

  it('fills the canvas id into the path and posts an empty body to delete', async () => {
    const { calls, fetch } = fakeFetch(200, { success: true, data: { _id: 'a b' } });
    const api = createApiClient({ getToken: () => 't', fetch });

    await api.deleteCanvas('a b');

    expect(calls[0]).toMatchObject({ url: '/canvas/deletecanvas/a%20b', body: {} });
  });

  it("throws an ApiError with the server's message and status", async () => {
    const { fetch } = fakeFetch(409, {
      success: false,
      message: 'Logout from other device first!',
    });
    const api = createApiClient({ getToken: () => null, fetch });

    const error = await api.loginUser({ email: 'a@x.io', password: 'pw' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Logout from other device first!', status: 409 });
  });

  it('throws a generic message when the body is not JSON', async () => {
    const { fetch } = fakeFetch(502, 'Bad gateway');
    const api = createApiClient({ getToken: () => null, fetch });

    await expect(api.fetchUser('t')).rejects.toMatchObject({
      message: 'Something went wrong.',
      status: 502,
    });
  });

  it('uses an explicit token for fetchuser on app load', async () => {
    const { calls, fetch } = fakeFetch(200, { success: true, data: user });
    const api = createApiClient({ getToken: () => null, fetch });

    await api.fetchUser('from-storage');

    expect(calls[0]!.headers['auth-token']).toBe('from-storage');
  });
});

describe('splitToken', () => {
  it('separates the token from the user fields', () => {
    expect(splitToken({ ...user, token: 't' })).toEqual({ user, token: 't' });
  });
});

describe('history calls', () => {
  it('put the history query in the URL, types comma-separated', () => {
    expect(historySearch()).toBe('');
    expect(
      historySearch({ order: 'asc', after: 4, limit: 50, types: ['LineDrawn', 'CanvasRestored'] }),
    ).toBe('?after=4&limit=50&order=asc&types=LineDrawn%2CCanvasRestored');
  });

  it('call the contract paths with their bodies, and carry the status of a refusal', async () => {
    const { calls, fetch } = fakeFetch(200, { success: true, data: { revision: 9 } });
    const api = createApiClient({ getToken: () => 't', fetch });
    await api.getHistory('c 1', { before: 7 });
    await api.getSceneAt('c1', 3);
    await api.restoreCanvas('c1', 3);
    await api.forkCanvas('c1', 3);
    await api.nameVersion('c1', 3, 'Draft');
    await api.getCheckpoints('c1');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/canvas/history/c%201?before=7', undefined],
      ['GET', '/canvas/scene/c1?revision=3', undefined],
      ['POST', '/canvas/restore/c1', { revision: 3 }],
      ['POST', '/canvas/fork/c1', { revision: 3 }],
      ['POST', '/canvas/checkpoint/c1', { revision: 3, label: 'Draft' }],
      ['GET', '/canvas/checkpoints/c1', undefined],
    ]);

    const refused = fakeFetch(403, { success: false, message: 'Not allowed!' });
    const other = createApiClient({ getToken: () => 't', fetch: refused.fetch });
    await expect(other.restoreCanvas('c1', 3)).rejects.toMatchObject({
      message: 'Not allowed!',
      status: 403,
    });
  });
});
