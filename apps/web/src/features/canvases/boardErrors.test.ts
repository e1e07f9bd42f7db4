import { describe, expect, it } from 'vitest';
import { boardErrorOutcome } from './boardErrors';

describe('boardErrorOutcome', () => {
  it("shows 'Canvas not found.' instead of the board for a join refused as NOT_FOUND", () => {
    expect(
      boardErrorOutcome({ kind: 'join-refused', code: 'NOT_FOUND', message: 'Canvas not found.' }),
    ).toMatchObject({ show: 'refusal', refusal: { title: 'Canvas not found.' } });
  });

  it("shows 'Not allowed!' instead of the board for a join refused as FORBIDDEN", () => {
    expect(
      boardErrorOutcome({ kind: 'join-refused', code: 'FORBIDDEN', message: 'Not allowed!' }),
    ).toMatchObject({ show: 'refusal', refusal: { title: 'Not allowed!' } });
  });

  it("alerts the server's message for other refusals", () => {
    expect(
      boardErrorOutcome({ kind: 'join-refused', code: 'INVALID', message: 'Invalid request.' }),
    ).toEqual({ show: 'alert', message: 'Invalid request.' });
    expect(
      boardErrorOutcome({ kind: 'update-refused', code: 'INVALID', message: 'Too many elements.' }),
    ).toEqual({ show: 'alert', message: 'Too many elements.' });
  });

  it('leaves what the app already answers on its own socket to the app', () => {
    for (const kind of ['server-error', 'canvas-deleted', 'signed-out'] as const)
      expect(boardErrorOutcome({ kind, message: 'x' })).toEqual({ show: 'nothing' });
  });
});
