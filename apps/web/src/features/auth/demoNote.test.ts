import { describe, expect, it } from 'vitest';
import { demoNote } from './demoNote';

describe('demoNote', () => {
  it('says nothing while no demo account was found in use', () => {
    expect(demoNote([])).toBeNull();
  });

  it('offers the other account when one is in use', () => {
    expect(demoNote([1])).toBe(
      'Test User 1 is in use by another visitor right now. Try Test User 2.',
    );
    expect(demoNote([2])).toMatch(/^Test User 2 is in use .* Try Test User 1\.$/);
  });

  it('says how the accounts free up, and offers sign-up, when both are in use', () => {
    const note = demoNote([2, 1]) ?? '';
    expect(note).toMatch(/^Both demo accounts are in use right now\./);
    expect(note).toContain('closes the tab or goes idle');
    expect(note).toContain('sign up');
  });
});
