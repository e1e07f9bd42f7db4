import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, isCollaborator, ownsCanvas, update } from './appState';

const session = {
  user: { id: 'u1', username: 'ada', name: 'Ada', email: 'a@x.io', profilePhoto: '' },
  token: 't',
};

describe('app state updates', () => {
  it('keeps canvases newest first', () => {
    let state = update.canvasesLoaded(INITIAL_STATE, [
      { _id: 'a', name: 'A', timestamp: '2026-01-01T00:00:00.000Z' },
      { _id: 'b', name: 'B', timestamp: '2026-03-01T00:00:00.000Z' },
    ]);
    state = update.canvasCreated(state, {
      _id: 'c',
      name: 'C',
      timestamp: '2026-02-01T00:00:00.000Z',
    });

    expect(state.canvases.map((c) => c._id)).toEqual(['b', 'c', 'a']);
  });

  it('sign-out clears auth, canvases, collaborators, online users, admin list and live canvases', () => {
    let state = update.signedIn(INITIAL_STATE, session);
    state = update.canvasesLoaded(state, [{ _id: 'a', name: 'A', timestamp: '2026-01-01' }]);
    state = update.liveCanvasesLoaded(state, [{ canvasId: 'l', canvasName: 'L', id: 'u2' }]);
    state = update.onlineUsersLoaded(state, {
      u2: { userId: 'u2', username: 'b', profilePhoto: '' },
    });
    state = update.collaboratorsJoined(state, 'a', [
      { userId: 'u2', username: 'b', profilePhoto: '' },
    ]);
    state = update.adminCanvasesLoaded(state, ['a']);

    const after = update.signedOut(state);

    expect(after).toEqual({ ...INITIAL_STATE, ready: true });
  });

  it('a deleted canvas leaves every list', () => {
    let state = update.canvasesLoaded(INITIAL_STATE, [{ _id: 'a', name: 'A', timestamp: 't' }]);
    state = update.adminCanvasesLoaded(state, ['a']);
    state = update.collaboratorsJoined(state, 'a', [
      { userId: 'u2', username: 'b', profilePhoto: '' },
    ]);

    state = update.canvasDeleted(state, 'a');

    expect(state.canvases).toEqual([]);
    expect(state.adminCanvasIds).toEqual([]);
    expect(state.collaborators).toEqual({});
  });

  it('knows ownership and collaboration', () => {
    let state = update.canvasesLoaded(INITIAL_STATE, [{ _id: 'a', name: 'A', timestamp: 't' }]);
    state = update.collaboratorsJoined(state, 'a', [
      { userId: 'u2', username: 'b', profilePhoto: '' },
    ]);

    expect(ownsCanvas(state, 'a')).toBe(true);
    expect(ownsCanvas(state, 'z')).toBe(false);
    expect(isCollaborator(state, 'a', 'u2')).toBe(true);

    state = update.collaboratorLeft(state, 'a', 'u2');
    expect(isCollaborator(state, 'a', 'u2')).toBe(false);
  });

  it('a disconnected user leaves the online list', () => {
    const state = update.onlineUsersLoaded(INITIAL_STATE, {
      u2: { userId: 'u2', username: 'b', profilePhoto: '' },
    });

    expect(update.userDisconnected(state, 'u2').onlineUsers).toEqual({});
  });

  it('keeps the online list from the initial list and its deltas, photos kept once known', () => {
    let state = update.onlineUsersLoaded(INITIAL_STATE, {
      u1: { userId: 'u1', username: 'a', profilePhoto: 'photo-a' },
    });
    state = update.onlineListLoaded(state, [
      { userId: 'u1', username: 'a' },
      { userId: 'u2', username: 'b' },
    ]);
    expect(state.onlineUsers).toEqual({
      u1: { userId: 'u1', username: 'a', profilePhoto: 'photo-a' },
      u2: { userId: 'u2', username: 'b', profilePhoto: '' },
    });
    state = update.onlineChanged(state, {
      joined: [{ userId: 'u3', username: 'c' }],
      left: ['u2'],
    });
    expect(Object.keys(state.onlineUsers).sort()).toEqual(['u1', 'u3']);
  });

  it("a user id of '__proto__' in a delta is an entry like any other", () => {
    const state = update.onlineChanged(INITIAL_STATE, {
      joined: [{ userId: '__proto__', username: 'x' }],
      left: [],
    });
    expect(Object.hasOwn(state.onlineUsers, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(state.onlineUsers)).toBe(Object.prototype);
    expect(update.onlineChanged(state, { joined: [], left: ['__proto__'] }).onlineUsers).toEqual(
      {},
    );
  });

  describe('who has a canvas open', () => {
    it('takes the list once, then applies its deltas', () => {
      let state = update.canvasPeople(INITIAL_STATE, 'c1', ['u1', 'u2']);
      state = update.canvasPeopleChanged(state, { canvasId: 'c1', joined: ['u3'], left: ['u2'] });
      expect(state.present.c1).toEqual(['u1', 'u3']);
      state = update.canvasPeopleChanged(state, { canvasId: 'c1', joined: [], left: ['u1'] });
      expect(state.present.c1).toEqual(['u3']);
    });

    it('a joined user already listed stays once; a left user not listed changes nothing', () => {
      let state = update.canvasPeople(INITIAL_STATE, 'c1', ['u1', 'u2']);
      state = update.canvasPeopleChanged(state, { canvasId: 'c1', joined: ['u2'], left: ['u9'] });
      expect([...state.present.c1!].sort()).toEqual(['u1', 'u2']);
    });

    it('ignores deltas before the list, and deltas of another canvas', () => {
      let state = update.canvasPeopleChanged(INITIAL_STATE, {
        canvasId: 'c1',
        joined: ['u1'],
        left: [],
      });
      expect(state.present).toEqual({});
      state = update.canvasPeople(state, 'c1', ['u1']);
      state = update.canvasPeopleChanged(state, { canvasId: 'c2', joined: ['u2'], left: ['u1'] });
      expect(state.present).toEqual({ c1: ['u1'] });
    });

    it('a fresh list replaces what the deltas built (the canvas opened again)', () => {
      let state = update.canvasPeople(INITIAL_STATE, 'c1', ['u1']);
      state = update.canvasPeopleChanged(state, { canvasId: 'c1', joined: ['u2'], left: [] });
      state = update.canvasPeople(state, 'c1', ['u3']);
      expect(state.present.c1).toEqual(['u3']);
    });
  });
});
