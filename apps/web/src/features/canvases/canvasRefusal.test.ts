import { describe, expect, it } from 'vitest';
import { refusalOf } from './canvasRefusal';

describe('refusalOf', () => {
  it("says 'Canvas not found.' for a join refused as NOT_FOUND", () => {
    expect(refusalOf({ kind: 'join-refused', code: 'NOT_FOUND' })?.title).toBe('Canvas not found.');
  });

  it("says 'Not allowed!' for a join refused as FORBIDDEN", () => {
    expect(refusalOf({ kind: 'join-refused', code: 'FORBIDDEN' })?.title).toBe('Not allowed!');
  });

  it('leaves every other error to the alert toast', () => {
    expect(refusalOf({ kind: 'join-refused', code: 'INVALID' })).toBeNull();
    expect(refusalOf({ kind: 'update-refused', code: 'NOT_FOUND' })).toBeNull();
    expect(refusalOf({ kind: 'signed-out' })).toBeNull();
  });
});
