import type { DrawingSummary, ElementRef, HistoryEntry } from '@tabula/domain/protocol';

/** "1 shape", "2 shapes". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** What people call an element of this Excalidraw type. */
const NOUNS: Record<string, string> = {
  freedraw: 'line',
  line: 'line',
  arrow: 'arrow',
  text: 'text',
  image: 'image',
  frame: 'frame',
};

/** One noun for the added elements: their common one, 'shape' otherwise. */
function nounOf(refs: ElementRef[]): string {
  const nouns = new Set(refs.map((ref) => NOUNS[ref.type] ?? 'shape'));
  return nouns.size === 1 ? [...nouns][0]! : 'shape';
}

/** 'a, b and c'. */
function joinWords(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What one gesture did: 'drew 2 shapes', 'changed 1 element and deleted 3 elements'. */
export function describeDrawing(summary: DrawingSummary): string {
  if (summary.cleared) return 'cleared the canvas';
  const parts: string[] = [];
  if (summary.added.length > 0) {
    const noun = nounOf(summary.added);
    const verb = noun === 'text' || noun === 'image' ? 'added' : 'drew';
    parts.push(`${verb} ${count(summary.added.length, noun)}`);
  }
  if (summary.changed.length > 0) parts.push(`changed ${count(summary.changed.length, 'element')}`);
  if (summary.deleted.length > 0) parts.push(`deleted ${count(summary.deleted.length, 'element')}`);
  return parts.length > 0 ? joinWords(parts) : 'made a change that left the drawing as it was';
}

/** What a history entry says its author did, in words a user understands (no author). */
export function describeEntry(entry: HistoryEntry): string {
  switch (entry.type) {
    case 'CanvasCreated':
      return entry.summary.forkedFrom
        ? `made this canvas as a copy of revision ${entry.summary.forkedFrom.revision} of another canvas`
        : 'created the canvas';
    case 'CanvasRenamed':
      return `renamed the canvas to “${entry.summary.name}”`;
    case 'CanvasDeleted':
      return 'deleted the canvas';
    case 'LineDrawn':
      return describeDrawing(entry.summary);
    case 'UserInvited':
      return `invited ${entry.summary.username || 'a deleted account'}`;
    case 'InvitationAccepted':
      return 'accepted the invitation and joined';
    case 'CollaboratorRemoved':
      return `removed ${entry.summary.username || 'a deleted account'} from the canvas`;
    case 'CollaboratorLeft':
      return 'left the canvas';
    case 'CanvasRestored':
      if (entry.summary.undoesClear !== undefined) return 'undid the clear';
      return entry.summary.elementIds?.length
        ? `restored ${count(entry.summary.elementIds.length, 'element')} as they were at revision ${entry.summary.toRevision}`
        : `restored the version of revision ${entry.summary.toRevision}`;
    case 'CheckpointNamed':
      return `named a version “${entry.summary.label}”`;
    case 'ShareLinkCreated':
      return 'created a view-only link';
    case 'ShareLinkRevoked':
      return 'revoked a view-only link';
    case 'CollaboratorClearingSet':
      return entry.summary.allowed
        ? 'let collaborators clear the board'
        : 'stopped collaborators from clearing the board';
  }
}

/** Entry types that change the drawing: the player shows something new at them. */
export function changesDrawing(entry: HistoryEntry): boolean {
  return entry.type === 'LineDrawn' || entry.type === 'CanvasRestored';
}

/** True when no entry between revisions `a` and `b` (either order) changed the drawing. */
export function sameScene(entries: readonly HistoryEntry[], a: number, b: number): boolean {
  const [low, high] = a < b ? [a, b] : [b, a];
  return !entries.some(
    (entry) => entry.revision > low && entry.revision <= high && changesDrawing(entry),
  );
}
