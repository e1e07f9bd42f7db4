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

describe('CommittedStream and the client’s own acks', () => {
  it('moves over its own acked revisions that follow the one caught up to', () => {
    const { stream, applied } = recorded();
    stream.joining();
    stream.joined(5);
    stream.acked(6);
    stream.acked(7);
    expect(stream.revision).toBe(7);
    stream.committed(commit(8, 'peer'));
    stream.acked(9);
    expect(stream.revision).toBe(9);
    expect(applied).toEqual(['peer']);
  });

  it('waits for a peer’s earlier commit that its ack overtook, then applies it and moves over both', () => {
    const { stream, applied } = recorded();
    stream.joining();
    stream.joined(5);
    stream.acked(7);
    stream.acked(8);
    // Revision 6 is a peer's, not here yet: resuming from 7 would lose it.
    expect(stream.revision).toBe(5);
    stream.committed(commit(6, 'peer'));
    expect(applied).toEqual(['peer']);
    expect(stream.revision).toBe(8);
  });

  it('counts acks that came during a join once the join’s revision reaches them', () => {
    const { stream } = recorded();
    stream.joining();
    stream.joined(2);
    stream.joining();
    stream.acked(4);
    stream.joined(3);
    expect(stream.revision).toBe(4);
    // An ack at or below the revision caught up to changes nothing.
    stream.acked(1);
    expect(stream.revision).toBe(4);
  });

  it('keeps acks that came before any revision is known, and resumes from a kept one past them', () => {
    const { stream } = recorded();
    stream.acked(11);
    expect(stream.revision).toBeNull();
    stream.resumeFrom(10);
    expect(stream.revision).toBe(11);
  });
});
