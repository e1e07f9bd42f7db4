/** REST calls and fixtures against a server known only by its URL (a child process). */
import type { AuthenticatedUser } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { makeCollaborator } from '../scenario';
import { connectSocket, newUser } from '../testServer';

export async function rest<T = unknown>(
  url: string,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: { success: boolean; message?: string; data?: T } }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['auth-token'] = token;
  const response = await fetch(url + route, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** Signs a fresh user up (throws unless 201). */
export async function signUpAt(url: string, name: string): Promise<AuthenticatedUser> {
  const answer = await rest<AuthenticatedUser>(url, 'POST', '/auth/createuser', newUser(name));
  if (answer.status !== 201) throw new Error(`sign-up: ${JSON.stringify(answer)}`);
  return answer.body.data!;
}

/** A canvas of `owner` on which every one of `guests` is a collaborator. */
export async function sharedCanvasAt(
  url: string,
  owner: AuthenticatedUser,
  guests: AuthenticatedUser[],
): Promise<string> {
  const created = await rest<{ _id: string }>(
    url,
    'POST',
    '/canvas/createcanvas',
    { name: 'Shared' },
    owner.token,
  );
  if (created.status !== 201) throw new Error(`create canvas: ${JSON.stringify(created)}`);
  const canvasId = created.body.data!._id;
  const ownerSocket = await connectSocket(url, owner.token);
  for (const guest of guests) {
    const guestSocket = await connectSocket(url, guest.token);
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    guestSocket.disconnect();
  }
  ownerSocket.disconnect();
  return canvasId;
}

/** The canvas's scene as the server gives it to `token`. */
export async function sceneAt(url: string, canvasId: string, token: string) {
  const answer = await rest<{ elements: SceneElement[] }>(
    url,
    'GET',
    `/canvas/getcanvas/${canvasId}`,
    undefined,
    token,
  );
  if (answer.status !== 200) throw new Error(`getcanvas: ${JSON.stringify(answer)}`);
  return answer.body.data!.elements;
}

/** What each user sees through REST (themselves, their canvases, each canvas), to compare. */
export async function restView(url: string, users: AuthenticatedUser[], canvasIds: string[]) {
  const view: Record<string, unknown> = {};
  for (const user of users) {
    view[`fetchuser ${user.username}`] = (
      await rest(url, 'GET', '/auth/fetchuser', undefined, user.token)
    ).body;
    view[`list ${user.username}`] = (
      await rest(url, 'GET', '/canvas/getallcanvases', undefined, user.token)
    ).body;
    for (const canvasId of canvasIds) {
      const detail = await rest(url, 'GET', `/canvas/getcanvas/${canvasId}`, undefined, user.token);
      view[`canvas ${canvasId} as ${user.username}`] = [detail.status, detail.body];
    }
  }
  return view;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
