import { describe, expect, it } from 'vitest';
import type { JoinCanvasChunked, SceneChunk } from '@tabula/domain/protocol';
import { rect } from '../test/elements';
import { SceneAssembly } from './sceneAssembly';
import { PeerDirectory } from './peers';

const ack: JoinCanvasChunked = {
  kind: 'chunked',
  canvasId: 'c',
  revision: 7,
  streamId: 's1',
  elements: 3,
};
const chunk = (index: number, ids: string[], last = false, streamId = 's1'): SceneChunk => ({
  canvasId: 'c',
  streamId,
  index,
  elements: ids.map((id) => rect(id)),
  ...(last ? { last: true as const } : {}),
});

describe('SceneAssembly', () => {
  it('puts the chunks back together once the last is in, at the announced revision', () => {
    const assembly = new SceneAssembly();
    expect(assembly.expect(ack)).toBe('incomplete');
    expect(assembly.add(chunk(0, ['a', 'b']))).toBe('incomplete');
    const scene = assembly.add(chunk(1, ['c'], true));
    expect(scene).toEqual({
      kind: 'snapshot',
      canvasId: 'c',
      revision: 7,
      elements: ['a', 'b', 'c'].map((id) => rect(id)),
    });
  });

  it('keeps chunks seen before the ack, and ignores another stream', () => {
    const assembly = new SceneAssembly();
    expect(assembly.add(chunk(0, ['x'], false, 'old'))).toBe('ignored');
    expect(assembly.add(chunk(0, ['a', 'b']))).toBe('ignored');
    expect(assembly.expect(ack)).toBe('incomplete');
    expect(assembly.add(chunk(1, ['z'], true, 'old'))).toBe('ignored');
    expect(assembly.add(chunk(1, ['c'], true))).toMatchObject({ kind: 'snapshot' });
  });

  it('says broken when a chunk is missing or the count is wrong', () => {
    const missing = new SceneAssembly();
    missing.expect(ack);
    expect(missing.add(chunk(1, ['a', 'b', 'c'], true))).toBe('broken');
    const short = new SceneAssembly();
    short.expect(ack);
    expect(short.add(chunk(0, ['a'], true))).toBe('broken');
  });
});

describe('PeerDirectory with presence deltas', () => {
  it('shows members online from the initial list and the deltas', () => {
    const directory = new PeerDirectory('me');
    directory.setMembers({
      canvasId: 'c',
      collaborators: [
        { userId: 'me', username: 'Me', profilePhoto: '' },
        { userId: 'u2', username: 'Bo', profilePhoto: 'p2' },
        { userId: 'u3', username: 'Cy', profilePhoto: '' },
      ],
    });
    directory.setOnlineList([
      { userId: 'me', username: 'Me' },
      { userId: 'u2', username: 'Bo' },
    ]);
    expect(directory.list().map((peer) => peer.userId)).toEqual(['u2']);
    expect(
      directory.onlineChanged({ joined: [{ userId: 'u3', username: 'Cy' }], left: ['u2'] }),
    ).toEqual(['u2']);
    expect(directory.list().map((peer) => peer.userId)).toEqual(['u3']);
  });
});
