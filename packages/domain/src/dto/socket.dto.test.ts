import { describe, expect, it } from 'vitest';
import { REQUIRED, describeDto, idCases, long, MISSING } from './dto.testkit';
import { parseDto } from './parseDto';
import {
  AcceptInvitationDto,
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
