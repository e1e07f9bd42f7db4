import { describe, expect, it } from 'vitest';
import { editedAgo } from './editedAgo';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('editedAgo', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(editedAgo(before(20_000), NOW)).toBe('edited just now');
    expect(editedAgo(before(60_000), NOW)).toBe('edited 1 minute ago');
    expect(editedAgo(before(5 * 60_000 + 30_000), NOW)).toBe('edited 5 minutes ago');
    expect(editedAgo(before(3 * 3600_000), NOW)).toBe('edited 3 hours ago');
    expect(editedAgo(before(26 * 3600_000), NOW)).toBe('edited yesterday');
    expect(editedAgo(before(15 * 24 * 3600_000), NOW)).toBe('edited 2 weeks ago');
    expect(editedAgo(before(400 * 24 * 3600_000), NOW)).toBe('edited last year');
    expect(editedAgo(NOW - 120_000, NOW)).toBe('edited 2 minutes ago');
  });

  it('reads a clock slightly ahead as just now, and an unreadable time as nothing', () => {
    expect(editedAgo(before(-5_000), NOW)).toBe('edited just now');
    expect(editedAgo('not a date', NOW)).toBe('');
  });
});
