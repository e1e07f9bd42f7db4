/**
 * The small canvas each demo account opens with, so a visitor's first look is a drawing and
 * not an empty list: a note, two shapes and an arrow between them. Fixed ids and event ids, so
 * a restart (or a second node) adds nothing, and a visitor who deletes it does not get it back
 * until the data directory is new.
 */
import { completeElement } from '@tabula/domain';
import type { SceneElement } from '@tabula/domain';

export const SAMPLE_CANVAS_NAME = 'Welcome to Tabula';

/** An element of the sample (Excalidraw's defaults for everything not given). */
function base(id: string, index: string, type: string, x: number, y: number, w: number, h: number) {
  return { id, type, index, x, y, width: w, height: h, version: 1, seed: 7 };
}

function text(id: string, index: string, x: number, y: number, content: string, size: number) {
  const lines = content.split('\n');
  return {
    ...base(
      id,
      index,
      'text',
      x,
      y,
      size * 0.6 * Math.max(...lines.map((l) => l.length)),
      size * 1.25 * lines.length,
    ),
    text: content,
    originalText: content,
    fontSize: size,
    fontFamily: 5,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
  };
}

/** The sample's elements, for the demo account `userId` (ids are unique per account). */
export function sampleElements(userId: string): SceneElement[] {
  const id = (name: string) => `${userId}-sample-${name}`;
  return [
    text(id('title'), 'a0', 80, 40, 'Welcome to Tabula!', 36),
    text(
      id('hint'),
      'a1',
      80,
      100,
      'Draw anything: your partner sees it as you draw.\nHistory (top right) replays every stroke.',
      20,
    ),
    {
      ...base(id('idea'), 'a2', 'rectangle', 80, 200, 220, 120),
      backgroundColor: '#ffec99',
      roundness: { type: 3 },
    },
    text(id('idea-label'), 'a3', 120, 245, 'An idea', 24),
    { ...base(id('plan'), 'a4', 'ellipse', 460, 200, 220, 120), backgroundColor: '#b2f2bb' },
    text(id('plan-label'), 'a5', 520, 245, 'A plan', 24),
    {
      ...base(id('arrow'), 'a6', 'arrow', 310, 260, 140, 0),
      points: [
        [0, 0],
        [140, 0],
      ],
      startArrowhead: null,
      endArrowhead: 'arrow',
      roundness: { type: 2 },
    },
  ].map(completeElement);
}
