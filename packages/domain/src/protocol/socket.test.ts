import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_PATHS, apiPath } from './rest';
import type { AckResult, ClientEventName, ServerEventName } from './socket';

/** PROTOCOL.md's event names, word for word: a missing or extra event fails to compile. */
const CLIENT_EVENTS: Record<ClientEventName, true> = {
  'check-if-logged-in': true,
  online: true,
  'get-all-collaborator-canvases': true,
  'invite-user': true,
  'accept-invitation': true,
  'remove-user': true,
  'can-leave-canvas': true,
  'leave-canvas': true,
  'delete-canvas': true,
  'log-out': true,
  'join-canvas': true,
  'canvas-update': true,
  pointer: true,
};
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
};

describe('protocol contract', () => {
  it('names every socket event of PROTOCOL.md', () => {
    expect(Object.keys(CLIENT_EVENTS)).toHaveLength(13);
    expect(Object.keys(SERVER_EVENTS)).toHaveLength(14);
    expectTypeOf<AckResult<number>>().toEqualTypeOf<
      { ok: true; data: number } | { ok: false; error: { code: string; message: string } }
    >();
  });

  it('fills the :id of REST paths, URI-encoded', () => {
    expect(apiPath(API_PATHS.deleteCanvas, 'a/b')).toBe('/canvas/deletecanvas/a%2Fb');
    expect(apiPath(API_PATHS.getAllCanvases)).toBe('/canvas/getallcanvases');
  });
});
