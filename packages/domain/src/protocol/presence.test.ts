import { describe, expect, it } from 'vitest';
import { applyPeopleChange } from './presence';

describe('applyPeopleChange', () => {
  it('adds who opened the canvas and drops who no longer has it open, each user once', () => {
    expect(applyPeopleChange(['a', 'b'], { joined: ['c'], left: ['a'] })).toEqual(['b', 'c']);
    // A user in the list and joined again (a second tab, or a repeated delta) stays once.
    expect(applyPeopleChange(['a', 'b'], { joined: ['b'], left: [] })).toEqual(['a', 'b']);
    // Applying the same change twice changes nothing more.
    const once = applyPeopleChange(['a'], { joined: ['b'], left: ['a'] });
    expect(applyPeopleChange(once, { joined: ['b'], left: ['a'] })).toEqual(once);
    expect(applyPeopleChange([], { joined: [], left: ['x'] })).toEqual([]);
  });
});
