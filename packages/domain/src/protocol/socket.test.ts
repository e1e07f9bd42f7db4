import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_PATHS, apiPath } from './rest';
import { CLIENT_EVENT_NAMES } from './socket';
import type { AckResult, ServerEventName } from './socket';

/** PROTOCOL.md's event names, word for word: a missing or extra event fails to compile. */
const SERVER_EVENTS: Record<ServerEventName, true> = {
  'if-logged-in': true,
  'get-online-users': true,
  'disconnected-user': true,
  'receive-invitation': true,
  error: true,
  'invitation-accepted': true,
  'collaborator-joined': true,
  'collaborator-leaved': true,
  'get-admin-of-canvases': true,
  'all-collaborator-canvases': true,
  'if-leave-canvas': true,
  'updated-canvas': true,
  'canvas-deleted': true,
  'pointer-moved': true,
  'pointer-frame': true,
  ink: true,
  'history-appended': true,
  'canvas-people': true,
  'canvas-people-changed': true,
  'online-users': true,
  'online-users-changed': true,
  'scene-chunk': true,
  'canvas-resync': true,
  'canvas-cleared': true,
};

describe('protocol contract', () => {
  it('names every socket event of PROTOCOL.md', () => {
    expect(CLIENT_EVENT_NAMES).toHaveLength(18);
    expect(Object.keys(SERVER_EVENTS)).toHaveLength(24);
    expectTypeOf<AckResult<number>>().toEqualTypeOf<
      | { ok: true; data: number }
      | { ok: false; error: { code: string; message: string; retryAfterMs?: number } }
    >();
  });

  it('fills the :id of REST paths, URI-encoded', () => {
    expect(apiPath(API_PATHS.deleteCanvas, 'a/b')).toBe('/canvas/deletecanvas/a%2Fb');
    expect(apiPath(API_PATHS.getAllCanvases)).toBe('/canvas/getallcanvases');
    expect(apiPath(API_PATHS.elementHistory, 'c 1', 'e/2')).toBe(
      '/canvas/element-history/c%201/e%2F2',
    );
  });
});
