import { describe, expect, it } from 'vitest';
import {
  describeParser,
  expectInvalid,
  idCases,
  long,
  MISSING,
  rectangle,
  REQUIRED,
  withField,
} from './dto.testkit';
import { MAX_ELEMENTS_PER_UPDATE } from '../protocol/limits';
import { parseCanvasUpdate, parseInk, parsePointer } from './drawingMessages';

const COORDINATE = (field: string) =>
  `${field} must be a finite number between -1000000000 and 1000000000.`;
const CANVAS_ID = "canvasId must be an id of 1 to 100 letters, digits, '.', '_', ':' or '-'.";

describeParser(
  'parsePointer',
  parsePointer,
  { canvasId: 'canvas-1', x: 12.5, y: -3, tool: 'laser' },
  [
    ...idCases('canvasId'),
    { field: 'x', value: MISSING, label: 'missing', message: REQUIRED('x') },
    { field: 'x', value: null, label: 'null', message: REQUIRED('x') },
    { field: 'x', value: '1', label: 'a string', message: /^x must be a finite number/ },
    { field: 'x', value: Number.NaN, label: 'NaN', message: /^x must be a finite number/ },
    {
      field: 'y',
      value: Number.POSITIVE_INFINITY,
      label: 'infinite',
      message: /^y must be a finite number/,
    },
    { field: 'y', value: 2e9, label: 'out of range', message: /^y must be a finite number/ },
    {
      field: 'tool',
      value: long(33),
      label: 'too long',
      message: /^tool must be a string of at most 32/,
    },
    { field: 'tool', value: 3, label: 'a number', message: /^tool must be a string/ },
    { field: 'tool', value: null, label: 'null', message: /^tool must be a string/ },
  ],
);

describe('parsePointer, as a whole', () => {
  it('accepts the edges of the range and no tool', () => {
    expect(parsePointer({ canvasId: 'c', x: 1e9, y: -1e9 })).toEqual({
      canvasId: 'c',
      x: 1e9,
      y: -1e9,
    });
  });

  it.each([
    [null, 'The request must be a JSON object.'],
    [[1, 2], 'The request must be a JSON object.'],
    [{}, 'canvasId is required. x is required. y is required.'],
    // Undeclared fields first, then each field's first problem in the order of the fields.
    [
      { canvasId: 'c', x: 1e9, y: -1e9 - 1, tool: long(33), z: 1 },
      `z is not an allowed field. ${COORDINATE('y')} tool must be a string of at most 32 characters.`,
    ],
    [{ canvasId: 'c', x: '1', y: Number.NaN }, `${COORDINATE('x')} ${COORDINATE('y')}`],
    [JSON.parse('{"canvasId":"c","x":1,"y":2,"__proto__":{}}'), '__proto__ is not allowed.'],
  ])('refuses %j, saying all that is wrong', (payload, message) => {
    expectInvalid(() => parsePointer(payload), new RegExp(`^${escape(message)}$`));
  });
});

describe('parseInk', () => {
  const freedraw = { ...rectangle, id: 'f1', type: 'freedraw', points: [[0, 0]] };
  const patch = { id: 'f1', version: 2, fromIndex: 1, points: [[1, 2]], pressures: [0.5] };

  it('accepts whole elements, point patches, or both, and keeps only those fields', () => {
    expect(parseInk({ canvasId: 'c1', elements: [freedraw] })).toEqual({
      canvasId: 'c1',
      elements: [freedraw],
    });
    expect(parseInk({ canvasId: 'c1', patches: [patch] })).toEqual({
      canvasId: 'c1',
      patches: [patch],
    });
    const both = parseInk({ canvasId: 'c1', elements: [freedraw], patches: [patch] });
    expect(both.patches?.[0]?.fromIndex).toBe(1);
    expect(both.elements).toHaveLength(1);
  });

  it.each(idCases('canvasId'))('refuses canvasId: $label', ({ value, message }) => {
    const payload =
      value === MISSING ? { patches: [patch] } : { canvasId: value, patches: [patch] };
    expectInvalid(() => parseInk(payload), message);
  });

  it.each([
    [{ canvasId: 'c1' }, /^patches is required/],
    [{ canvasId: 'c1', patches: [] }, /patches must be an array of 1 to 100 point patches/],
    [{ canvasId: 'c1', patches: [{ ...patch, fromIndex: -1 }] }, /fromIndex must be an integer/],
    [{ canvasId: 'c1', patches: [{ ...patch, version: 0 }] }, /version must be an integer/],
    [{ canvasId: 'c1', patches: [{ ...patch, points: [[1]] }] }, /\[x, y\] pairs/],
    [{ canvasId: 'c1', patches: [{ ...patch, points: [[1, null]] }] }, /\[x, y\] pairs/],
    [{ canvasId: 'c1', patches: [{ ...patch, pressures: ['x'] }] }, /finite numbers/],
    [{ canvasId: 'c1', patches: [{ ...patch, extra: 1 }] }, /patches\[0\]\.extra is not allowed/],
    [{ canvasId: 'c1', elements: [{ ...freedraw, type: 'iframe' }] }, /type must be one of/],
    [{ canvasId: 'c1', elements: Array(101).fill(freedraw) }, /at most 100 elements/],
    [{ canvasId: 'c1', patches: [patch], isAdmin: true }, /^isAdmin is not an allowed field\.$/],
  ])('refuses %j', (payload, message) => {
    expectInvalid(() => parseInk(payload), message);
  });

  it.each([
    ['not an object', 'x', 'The request must be a JSON object.'],
    ['nothing', {}, 'canvasId is required. patches is required.'],
    ['null patches', { canvasId: 'c1', patches: null }, 'patches is required.'],
    [
      'null patches beside elements',
      { canvasId: 'c1', elements: [freedraw], patches: null },
      'patches is required.',
    ],
    ['null elements', { canvasId: 'c1', elements: null }, 'elements must be an array of elements.'],
    [
      'everything wrong',
      { canvasId: 'bad/id', patches: [], extra: 1, more: 2 },
      `extra is not an allowed field. more is not an allowed field. ${CANVAS_ID} patches must be an array of 1 to 100 point patches.`,
    ],
    [
      'empty elements',
      { canvasId: '', patches: [patch], elements: [] },
      `${CANVAS_ID} elements must hold at least one element.`,
    ],
    [
      'a prototype key inside a patch',
      JSON.parse('{"canvasId":"c1","patches":[{"__proto__":1}]}'),
      'patches[0].__proto__ is not allowed.',
    ],
  ])('refuses %s, saying all that is wrong', (_label, payload, message) => {
    expectInvalid(() => parseInk(payload), new RegExp(`^${escape(message)}$`));
  });
});

describeParser(
  'parseCanvasUpdate',
  parseCanvasUpdate,
  { canvasId: 'canvas-1', eventId: 'evt_01:x', elements: [rectangle] },
  [
    ...idCases('canvasId'),
    ...idCases('eventId'),
    { field: 'elements', value: MISSING, label: 'missing', message: REQUIRED('elements') },
    { field: 'elements', value: {}, label: 'an object', message: /^elements must be an array/ },
    { field: 'elements', value: [], label: 'empty', message: /^elements must hold at least one/ },
    {
      field: 'elements',
      value: Array.from({ length: MAX_ELEMENTS_PER_UPDATE + 1 }, (_, n) => ({
        ...rectangle,
        id: `e${n}`,
      })),
      label: 'over 1000 elements',
      message: /^elements must hold at most 1000 elements/,
    },
    {
      field: 'elements',
      value: [rectangle, { ...rectangle, type: 'embeddable' }],
      label: 'an embeddable element',
      message: /^elements\[1\]\.type must be one of/,
    },
  ],
);

describe('parseCanvasUpdate, the elements', () => {
  it('passes Excalidraw fields it does not check through untouched', () => {
    const freedraw = {
      ...rectangle,
      type: 'freedraw',
      points: [
        [0, 0],
        [1.5, -2],
      ],
      customData: { nested: { deep: [true, null] } },
    };

    const update = parseCanvasUpdate({ canvasId: 'c', eventId: 'e', elements: [freedraw] });

    expect(update.elements).toEqual([freedraw]);
  });

  it('validates elements sent as JSON text, as a socket delivers them', () => {
    const json = JSON.stringify({ canvasId: 'c', eventId: 'e', elements: [rectangle] });

    expect(parseCanvasUpdate(JSON.parse(json)).elements[0]).toEqual(rectangle);
    expectInvalid(
      () =>
        parseCanvasUpdate(withField(JSON.parse(json), 'elements', [{ ...rectangle, version: 0 }])),
      /^elements\[0\]\.version must be an integer of at least 1/,
    );
  });
});

describe('parseCanvasUpdate, the timing', () => {
  const base = { canvasId: 'c1', eventId: 'e1', elements: [rectangle] };

  it('accepts per-element milliseconds from the gesture start', () => {
    const update = parseCanvasUpdate({ ...base, timing: { 'el-1': [0, 16, 16, 40] } });
    expect(update.timing).toEqual({ 'el-1': [0, 16, 16, 40] });
  });

  it.each([
    [[5, 3], /non-decreasing/],
    [[-1], /non-decreasing/],
    [['a'], /finite numbers/],
    [7, /at most 10000 numbers/],
  ])('refuses timing %j', (times, message) => {
    expectInvalid(() => parseCanvasUpdate({ ...base, timing: { 'el-1': times } }), message);
  });
});

describe('parseCanvasUpdate, as a whole', () => {
  it('keeps only the declared fields, and no timing when none was sent', () => {
    const update = parseCanvasUpdate({ canvasId: 'c', eventId: 'e', elements: [rectangle] });
    expect(update).toEqual({ canvasId: 'c', eventId: 'e', elements: [rectangle] });
    expect('timing' in update).toBe(false);
  });

  it.each([
    ['nothing', {}, 'canvasId is required. eventId is required. elements is required.'],
    ['null elements', { canvasId: 'c', eventId: 'e', elements: null }, 'elements is required.'],
    [
      'null timing',
      { canvasId: 'c', eventId: 'e', elements: [rectangle], timing: null },
      'timing must be an object of element id → milliseconds.',
    ],
    [
      'everything wrong',
      { canvasId: 'a/b', eventId: '', elements: [{ ...rectangle, version: 0 }], timing: 4, x: 1 },
      `x is not an allowed field. ${CANVAS_ID} ${CANVAS_ID.replace('canvasId', 'eventId')} elements[0].version must be an integer of at least 1. timing must be an object of element id → milliseconds.`,
    ],
    [
      'a prototype key inside an element',
      JSON.parse('{"canvasId":"c","eventId":"e","elements":[{"constructor":1}]}'),
      'elements[0].constructor is not allowed.',
    ],
  ])('refuses %s, saying all that is wrong', (_label, payload, message) => {
    expectInvalid(() => parseCanvasUpdate(payload), new RegExp(`^${escape(message)}$`));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
