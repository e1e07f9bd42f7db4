/** PeerDirectory: who is on the canvas, as the server tells it, and their photos' URLs. */
import { describe, expect, it } from 'vitest';
import { PeerDirectory } from './peers';

describe('PeerDirectory with who has the canvas open', () => {
  const members = {
    canvasId: 'c',
    collaborators: [
      { userId: 'me', username: 'Me', profilePhoto: '' },
      { userId: 'u2', username: 'Bo', profilePhoto: '/auth/avatar/u2?v=x' },
      { userId: 'u3', username: 'Cy', profilePhoto: 'data:image/svg+xml,c' },
    ],
  };

  it('once the server says who is here, shows the members here (not merely online)', () => {
    const directory = new PeerDirectory('me');
    directory.setMembers(members);
    directory.setOnlineList([
      { userId: 'u2', username: 'Bo' },
      { userId: 'u3', username: 'Cy' },
    ]);
    directory.setHere(['me', 'u2']);
    expect(directory.list().map((peer) => peer.userId)).toEqual(['u2']);
    expect(directory.hereChanged({ canvasId: 'c', joined: ['u3'], left: ['u2'] })).toEqual(['u2']);
    expect(directory.list().map((peer) => peer.userId)).toEqual(['u3']);
  });

  it("resolves the photos' paths against the server's URL; data URLs stay", () => {
    const directory = new PeerDirectory('me', 'https://tabula.example:8443/');
    directory.setMembers(members);
    directory.setHere(['u2', 'u3']);
    expect(directory.list().map((peer) => peer.avatarUrl)).toEqual([
      'https://tabula.example:8443/auth/avatar/u2?v=x',
      'data:image/svg+xml,c',
    ]);
    // Without a server URL, the page's origin is the server's.
    const local = new PeerDirectory('me');
    local.setMembers(members);
    local.setHere(['u2']);
    expect(local.list()[0]!.avatarUrl).toBe('/auth/avatar/u2?v=x');
  });
});

describe('PeerDirectory while the connection is down', () => {
  const members = {
    canvasId: 'c',
    collaborators: [
      { userId: 'me', username: 'Me', profilePhoto: '' },
      { userId: 'u2', username: 'Bo', profilePhoto: '' },
      { userId: 'u3', username: 'Cy', profilePhoto: '' },
    ],
  };
  const pointer = (userId: string, username: string) => ({
    canvasId: 'c',
    userId,
    username,
    x: 10,
    y: 20,
    tool: 'pointer' as const,
  });

  it('lists no one (no avatars, no cursors) and everyone again once connected', () => {
    const directory = new PeerDirectory('me');
    directory.setMembers(members);
    directory.setHere(['me', 'u2']);
    directory.pointerMoved(pointer('u2', 'Bo'));
    expect(directory.setConnected(false)).toBe(true);
    expect(directory.list()).toEqual([]);
    expect(directory.setConnected(false)).toBe(false);
    expect(directory.setConnected(true)).toBe(true);
    expect(directory.list()).toEqual([
      {
        userId: 'u2',
        username: 'Bo',
        avatarUrl: undefined,
        pointer: { x: 10, y: 20, tool: 'pointer' },
      },
    ]);
  });

  it("drops the cursor of someone who left while this client was away (the new 'canvas-people')", () => {
    const directory = new PeerDirectory('me');
    directory.setMembers(members);
    directory.setHere(['me', 'u2', 'u3']);
    directory.pointerMoved(pointer('u2', 'Bo'));
    directory.pointerMoved(pointer('u3', 'Cy'));
    directory.setConnected(false);
    directory.setConnected(true);
    directory.setHere(['me', 'u3']);
    expect(directory.list().map((peer) => [peer.userId, !!peer.pointer])).toEqual([['u3', true]]);
  });
});
