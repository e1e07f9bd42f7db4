import { describe, expect, it } from 'vitest';
import type { ReplayStep } from '@tabula/domain/protocol';
import { ReplayModel } from './replayModel';
import { sampleSteps } from './sampleHistory';
import { AUTHOR_PALETTE, authorColor, authorColors } from './timelineMarks';

/** An id whose own colour is `other`'s (a collision of the hash). */
function collidingWith(other: string): string {
  for (let n = 0; ; n += 1) {
    const id = `user-${n}`;
    if (id !== other && authorColor(id) === authorColor(other)) return id;
  }
}

function marksOf(authors: { id: string; name: string }[]) {
  const steps: ReplayStep[] = sampleSteps({ count: authors.length * 2, authors, points: 2 });
  const model = new ReplayModel(() => 0);
  model.append(steps);
  return model.marks();
}

describe('authors’ colours', () => {
  it('gives two authors whose ids hash alike different colours, the same for every viewer', () => {
    const first = '64b7f0c2a1d3e4f5a6b7c8d9';
    const second = collidingWith(first);
    const marks = marksOf([
      { id: first, name: 'Ada' },
      { id: second, name: 'Bob' },
    ]);
    const colour = (id: string) => marks.find((mark) => mark.actorId === id)!.color;
    expect(colour(first)).not.toBe(colour(second));
    // Another viewer (another model over the same history) sees the same colours.
    const again = marksOf([
      { id: first, name: 'Ada' },
      { id: second, name: 'Bob' },
    ]);
    expect(again.map((mark) => mark.color)).toEqual(marks.map((mark) => mark.color));
  });

  it('keeps each author’s colour as more authors come, and repeats none before the palette runs out', () => {
    const ids = Array.from({ length: AUTHOR_PALETTE.length }, (_, n) => `author-${n}`);
    const all = authorColors(ids);
    expect(new Set(all.values()).size).toBe(AUTHOR_PALETTE.length);
    for (let count = 1; count < ids.length; count += 1) {
      const some = authorColors(ids.slice(0, count));
      for (const [id, colour] of some) expect(all.get(id)).toBe(colour);
    }
    // Alone on a canvas, an author has their own colour; the first author always does.
    expect(authorColors([ids[3]!]).get(ids[3]!)).toBe(authorColor(ids[3]!));
    expect(all.get(ids[0]!)).toBe(authorColor(ids[0]!));
    // A thirteenth author shares a colour, but still gets one.
    expect(authorColors([...ids, 'one-more']).get('one-more')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
