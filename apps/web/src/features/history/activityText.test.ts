import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@tabula/domain/protocol';
import { describeDrawing, describeEntry, sameScene } from './activityText';
import { labelsByRevision, toSessions, withUndoClear } from './activitySessions';
import { drawn } from './testEntries';
import { versionCaption } from './versionCaption';

const refs = (...types: string[]) => types.map((type, i) => ({ id: `e${i}`, type }));
const none = { added: [], changed: [], deleted: [] };

function entry<T extends HistoryEntry['type']>(
  type: T,
  summary: Extract<HistoryEntry, { type: T }>['summary'],
): HistoryEntry {
  return {
    revision: 1,
    type,
    actorId: 'u1',
    actorName: 'maria',
    occurredAt: '2026-11-23T10:00:00Z',
    summary,
  } as HistoryEntry;
}

describe('describeEntry', () => {
  it('says what a drawing did, counting right', () => {
    expect(describeDrawing({ ...none, added: refs('rectangle', 'ellipse') })).toBe('drew 2 shapes');
    expect(describeDrawing({ ...none, added: refs('freedraw') })).toBe('drew 1 line');
    expect(describeDrawing({ ...none, added: refs('text') })).toBe('added 1 text');
    expect(describeDrawing({ ...none, deleted: refs('arrow') })).toBe('deleted 1 element');
    expect(
      describeDrawing({
        added: refs('arrow'),
        changed: refs('text', 'text'),
        deleted: refs('line'),
      }),
    ).toBe('drew 1 arrow, changed 2 elements and deleted 1 element');
    expect(describeDrawing({ ...none, deleted: refs('line', 'line'), cleared: true })).toBe(
      'cleared the canvas',
    );
  });

  it('says what every other kind of entry did', () => {
    expect(describeEntry(entry('CanvasCreated', { name: 'Roadmap' }))).toBe('created the canvas');
    expect(
      describeEntry(
        entry('CanvasCreated', { name: 'R', forkedFrom: { canvasId: 'c0', revision: 4 } }),
      ),
    ).toBe('made this canvas as a copy of revision 4 of another canvas');
    expect(describeEntry(entry('CanvasRenamed', { name: 'Plan' }))).toBe(
      'renamed the canvas to “Plan”',
    );
    expect(describeEntry(entry('UserInvited', { userId: 'u2', username: 'sam' }))).toBe(
      'invited sam',
    );
    expect(describeEntry(entry('CollaboratorRemoved', { userId: 'u2', username: 'sam' }))).toBe(
      'removed sam from the canvas',
    );
    expect(describeEntry(entry('CollaboratorLeft', { userId: 'u2', username: 'sam' }))).toBe(
      'left the canvas',
    );
    expect(describeEntry(entry('CanvasRestored', { ...none, toRevision: 3 }))).toBe(
      'restored the version of revision 3',
    );
    expect(
      describeEntry(entry('CanvasRestored', { ...none, toRevision: 3, elementIds: ['a', 'b'] })),
    ).toBe('restored 2 elements as they were at revision 3');
    expect(describeEntry(entry('CheckpointNamed', { revision: 3, label: 'Draft' }))).toBe(
      'named a version “Draft”',
    );
    expect(describeEntry(entry('ShareLinkCreated', { linkId: 'l1' }))).toBe(
      'created a view-only link',
    );
    expect(describeEntry(entry('ShareLinkRevoked', { linkId: 'l1' }))).toBe(
      'revoked a view-only link',
    );
  });
});

describe('toSessions', () => {
  const utc = { locale: 'en-GB', timeZone: 'UTC' };

  it('starts a new session on another author or after a pause of more than 10 minutes', () => {
    // Newest first: sam at 10:40, maria at 10:30 and 10:21 (9 min), maria at 10:10 (11 min).
    const entries = [
      drawn(4, 'u2', 40),
      drawn(3, 'u1', 30),
      drawn(2, 'u1', 21),
      drawn(1, 'u1', 10),
    ];
    const sessions = toSessions(entries, new Map(), utc);
    expect(sessions.map((s) => [s.author, s.items.map((i) => i.revision)])).toEqual([
      ['sam', [4]],
      ['maria', [3, 2]],
      ['maria', [1]],
    ]);
    expect(sessions[1]!.when).toBe('23 Nov 2026, 10:21 – 10:30');
    expect(sessions[1]!.items[0]).toMatchObject({ text: 'drew 1 shape', time: '10:30' });
  });

  it('puts the names given to a revision on its row', () => {
    const labels = labelsByRevision([
      { revision: 2, label: 'Draft', actorId: 'u1', occurredAt: '' },
      { revision: 2, label: 'Final', actorId: 'u1', occurredAt: '' },
    ]);
    const [session] = toSessions([drawn(2), drawn(1)], labels, utc);
    expect(session!.items.map((i) => i.labels)).toEqual([['Draft', 'Final'], undefined]);
  });
});

describe('an image insert', () => {
  const utc = { locale: 'en-GB', timeZone: 'UTC' };
  const image = { id: 'img', type: 'image' };
  /** An entry of maria's at second `second` past 10:00. */
  const at = (revision: number, second: number, summary: object): HistoryEntry =>
    ({
      ...drawn(revision),
      occurredAt: new Date(Date.UTC(2026, 10, 23, 10, 0, second)).toISOString(),
      summary: { ...none, ...summary },
    }) as HistoryEntry;

  it('is one row: its upload (the image element saved as pending, then saved) is part of adding it', () => {
    // Newest first, as the history answers.
    const entries = [
      at(3, 2, { changed: [image] }),
      at(2, 1, { changed: [image] }),
      at(1, 0, { added: [image] }),
    ];
    const [session] = toSessions(entries, new Map(), utc);
    expect(session!.items.map((item) => [item.revision, item.text])).toEqual([
      [3, 'added 1 image'],
    ]);
  });

  it('keeps a later change of the image, another element changed, or another author, as rows', () => {
    const moved = [at(3, 120, { changed: [image] }), at(1, 0, { added: [image] })];
    expect(toSessions(moved, new Map(), utc)[0]!.items).toHaveLength(2);
    const other = [
      at(2, 1, { changed: [{ id: 'box', type: 'rectangle' }] }),
      at(1, 0, { added: [image] }),
    ];
    expect(toSessions(other, new Map(), utc)[0]!.items).toHaveLength(2);
    const sams = [
      { ...at(2, 1, { changed: [image] }), actorId: 'u2' },
      at(1, 0, { added: [image] }),
    ];
    expect(toSessions(sams as HistoryEntry[], new Map(), utc).flatMap((s) => s.items)).toHaveLength(
      2,
    );
  });
});

describe('clearing in words', () => {
  it('names an undo of a clear and the owner turning collaborators clearing off and on', () => {
    expect(describeEntry(entry('CanvasRestored', { ...none, toRevision: 4, undoesClear: 5 }))).toBe(
      'undid the clear',
    );
    expect(describeEntry(entry('CollaboratorClearingSet', { allowed: false }))).toBe(
      'stopped collaborators from clearing the board',
    );
    expect(describeEntry(entry('CollaboratorClearingSet', { allowed: true }))).toBe(
      'let collaborators clear the board',
    );
  });
});

describe('withUndoClear', () => {
  const clear: HistoryEntry = {
    ...drawn(5),
    summary: { added: [], changed: [], deleted: [{ id: 'a', type: 'line' }], cleared: true },
  } as HistoryEntry;

  it("gives the owner's cleared rows a one-click restore of the revision before", () => {
    const entries = [clear, drawn(4)];
    const restore = vi.fn();
    const [session] = withUndoClear(toSessions(entries), entries, true, restore);
    expect(session!.items[1]!.action).toBeUndefined();
    session!.items[0]!.action!.onClick();
    expect(session!.items[0]!.action!.label).toBe('Undo the clear');
    expect(restore).toHaveBeenCalledWith(4);
  });

  it('gives a collaborator none', () => {
    const [session] = withUndoClear(toSessions([clear]), [clear], false, () => {});
    expect(session!.items[0]!.action).toBeUndefined();
  });
});

describe('versionCaption', () => {
  it('says which version the player shows, and when it is the current one', () => {
    expect(versionCaption(null, false, undefined)).toBe('Loading the history…');
    expect(versionCaption(4, true, drawn(4))).toBe(
      'The canvas as it is now (revision 4) · maria drew 1 shape',
    );
    expect(versionCaption(2, false, drawn(2))).toMatch(/^Revision 2 · .+ · maria drew 1 shape$/);
    expect(versionCaption(2, false, undefined)).toBe('Revision 2');
  });
});

describe('sameScene', () => {
  const named = {
    ...entry('CheckpointNamed', { revision: 2, label: 'x' }),
    revision: 3,
  } as HistoryEntry;

  it('is true across entries that leave the drawing as it was, false across a drawing', () => {
    const entries = [drawn(4), named, drawn(2)];
    expect(sameScene(entries, 2, 3)).toBe(true);
    expect(sameScene(entries, 3, 2)).toBe(true);
    expect(sameScene(entries, 3, 4)).toBe(false);
  });
});
