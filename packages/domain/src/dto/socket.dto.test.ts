import { describe, expect, it } from 'vitest';
import { MAX_ELEMENTS_PER_UPDATE } from '../protocol/limits';
import {
  REQUIRED,
  describeDto,
  expectInvalid,
  idCases,
  long,
  MISSING,
  rectangle,
  withField,
} from './dto.testkit';
import { parseDto } from './parseDto';
import {
  AcceptInvitationDto,
  CanvasUpdateDto,
  InviteUserDto,
  JoinCanvasDto,
  LeaveCanvasDto,
  OnlineDto,
  RemoveUserDto,
} from './socket.dto';

describeDto(
  OnlineDto,
  { userId: 'user-1', username: 'ada', profilePhoto: 'data:image/svg+xml;base64,PHN2Zy8+' },
  [
    ...idCases('userId'),
    { field: 'username', value: 'x', label: 'too short', message: /^Username must be/ },
    { field: 'profilePhoto', value: MISSING, label: 'missing', message: REQUIRED('profilePhoto') },
    {
      field: 'profilePhoto',
      value: long(64 * 1024 + 1),
      label: 'too long',
      message: /^profilePhoto must be a string of at most 65536/,
    },
  ],
);

describeDto(
  InviteUserDto,
  {
    toUserId: 'user-2',
    canvasId: 'canvas-1',
    lines: [{ any: ['json', 1, null] }],
    canvasName: 'Plan',
  },
  [
    ...idCases('toUserId'),
    ...idCases('canvasId'),
    { field: 'canvasName', value: MISSING, label: 'missing', message: REQUIRED('canvasName') },
    { field: 'canvasName', value: long(101), label: 'too long', message: /^Canvas name must be/ },
    {
      field: 'lines',
      value: [long(100_001)],
      label: 'over the JSON cap',
      message: /^lines must be at most 100000 characters of JSON/,
    },
  ],
);

describe('InviteUserDto', () => {
  it('accepts a payload without lines', () => {
    expect(parseDto(InviteUserDto, { toUserId: 'u', canvasId: 'c', canvasName: 'x' })).toEqual({
      toUserId: 'u',
      canvasId: 'c',
      canvasName: 'x',
    });
  });
});

describeDto(AcceptInvitationDto, { canvasId: 'canvas-1' }, idCases('canvasId'));

describeDto(RemoveUserDto, { adminUserId: 'user-1', canvasId: 'canvas-1', toUserId: 'user-2' }, [
  ...idCases('adminUserId'),
  ...idCases('canvasId'),
  ...idCases('toUserId'),
]);

describeDto(LeaveCanvasDto, { canvasId: 'canvas-1' }, idCases('canvasId'));

describeDto(JoinCanvasDto, { canvasId: 'canvas-1', sinceRevision: 7 }, [
  ...idCases('canvasId'),
  {
    field: 'sinceRevision',
    value: -1,
    label: 'negative',
    message: /^sinceRevision must be an integer/,
  },
  {
    field: 'sinceRevision',
    value: 1.5,
    label: 'a fraction',
    message: /^sinceRevision must be an integer/,
  },
  {
    field: 'sinceRevision',
    value: '3',
    label: 'a string',
    message: /^sinceRevision must be an integer/,
  },
  {
    field: 'sinceRevision',
    value: null,
    label: 'null',
    message: /^sinceRevision must be an integer/,
  },
]);

describe('JoinCanvasDto', () => {
  it('accepts a join without sinceRevision, and revision 0', () => {
    expect(parseDto(JoinCanvasDto, { canvasId: 'c' })).toEqual({ canvasId: 'c' });
    expect(parseDto(JoinCanvasDto, { canvasId: 'c', sinceRevision: 0 })).toEqual({
      canvasId: 'c',
      sinceRevision: 0,
    });
  });
});

describeDto(CanvasUpdateDto, { canvasId: 'canvas-1', eventId: 'evt_01:x', elements: [rectangle] }, [
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
]);

describe('CanvasUpdateDto', () => {
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

    const dto = parseDto(CanvasUpdateDto, { canvasId: 'c', eventId: 'e', elements: [freedraw] });

    expect(dto.elements).toEqual([freedraw]);
  });

  it('validates elements sent as JSON text, as a socket delivers them', () => {
    const json = JSON.stringify({ canvasId: 'c', eventId: 'e', elements: [rectangle] });

    expect(parseDto(CanvasUpdateDto, JSON.parse(json)).elements[0]).toEqual(rectangle);
    expectInvalid(
      () =>
        parseDto(
          CanvasUpdateDto,
          withField(JSON.parse(json), 'elements', [{ ...rectangle, version: 0 }]),
        ),
      /^elements\[0\]\.version must be an integer of at least 1/,
    );
  });
});

describe('CanvasUpdateDto timing', () => {
  const base = { canvasId: 'c1', eventId: 'e1', elements: [rectangle] };

  it('accepts per-element milliseconds from the gesture start', () => {
    const dto = parseDto(CanvasUpdateDto, { ...base, timing: { 'el-1': [0, 16, 16, 40] } });
    expect(dto.timing).toEqual({ 'el-1': [0, 16, 16, 40] });
  });

  it.each([
    [[5, 3], /non-decreasing/],
    [[-1], /non-decreasing/],
    [['a'], /finite numbers/],
    [7, /at most 10000 numbers/],
  ])('refuses timing %j', (times, message) => {
    expectInvalid(() => parseDto(CanvasUpdateDto, { ...base, timing: { 'el-1': times } }), message);
  });
});
