import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { rect } from '../test/elements';
import { CommittedStream } from './committedStream';

const commit = (revision: number, id: string) => ({
  canvasId: 'c',
  revision,
  actorId: 'ada',
  elements: [rect(id)],
});

/** A stream and the ids of the elements it applied, in order. */
function recorded() {
  const applied: string[] = [];
  const stream = new CommittedStream((elements: readonly SceneElement[]) =>
    applied.push(...elements.map((element) => element.id)),
  );
  return { stream, applied };
}

describe('CommittedStream', () => {
  it('applies commits after the join and skips one at or below the revision caught up to', () => {
    const { stream, applied } = recorded();
    expect(stream.revision).toBeNull();
    stream.joining();
    stream.joined(5);
    stream.committed(commit(6, 'a'));
    stream.committed(commit(6, 'again'));
    stream.committed(commit(4, 'old'));
    stream.committed(commit(7, 'b'));
    expect(applied).toEqual(['a', 'b']);
    expect(stream.revision).toBe(7);
  });

  it('holds commits while a join is under way and applies those beyond its revision after it', () => {
    const { stream, applied } = recorded();
    stream.joining();
    stream.committed(commit(3, 'in-the-join'));
    stream.committed(commit(4, 'after-it'));
    expect(applied).toEqual([]);
    stream.joined(3);
    expect(applied).toEqual(['after-it']);
    expect(stream.revision).toBe(4);
  });

  it('drops what it held when the connection goes, and keeps the revision to resume from', () => {
    const { stream, applied } = recorded();
    stream.joining();
    stream.joined(2);
    stream.joining();
    stream.committed(commit(3, 'lost'));
    stream.disconnected();
    stream.joining();
    stream.joined(3);
    expect(applied).toEqual([]);
    expect(stream.revision).toBe(3);
  });
});
