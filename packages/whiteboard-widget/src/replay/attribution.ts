import type { SceneElement } from '@tabula/domain';
import type { HistoryEntry, ReplayStep } from '@tabula/domain/protocol';
import { isPartial, markPartial } from './reveal';

/** One change of an element, from the steps loaded. */
export interface ElementChange {
  revision: number;
  actorId: string;
  actorName: string;
  occurredAt: string;
  isDeleted: boolean;
}

/** Someone whose changes are in the replay. */
export interface Author {
  id: string;
  name: string;
  /** How many steps are theirs. */
  steps: number;
}

function changeOf(entry: HistoryEntry, element: SceneElement): ElementChange {
  return {
    revision: entry.revision,
    actorId: entry.actorId,
    actorName: entry.actorName,
    occurredAt: entry.occurredAt,
    isDeleted: element.isDeleted,
  };
}

/**
 * Who changed what, from the steps as they load: each element's changes in order (the first is
 * who drew it) and the authors with their names. Appending is O(upserts).
 */
export class Attribution {
  private readonly changes = new Map<string, ElementChange[]>();
  private readonly people = new Map<string, Author>();

  append(steps: readonly ReplayStep[]): void {
    for (const { entry, elements } of steps) {
      const author = this.people.get(entry.actorId);
      if (author) {
        author.steps += 1;
        if (entry.actorName) author.name = entry.actorName;
      } else {
        this.people.set(entry.actorId, { id: entry.actorId, name: entry.actorName, steps: 1 });
      }
      for (const element of elements) {
        const list = this.changes.get(element.id);
        const change = changeOf(entry, element);
        if (list) {
          if (list[list.length - 1]!.revision !== change.revision) list.push(change);
        } else this.changes.set(element.id, [change]);
      }
    }
  }

  /** The authors in order of their first step. */
  authors(): Author[] {
    return [...this.people.values()];
  }

  /** Who drew the element (its first change), if a loaded step made it. */
  drawnBy(elementId: string): ElementChange | undefined {
    return this.changes.get(elementId)?.[0];
  }

  /** The element's changes up to `revision` (all when omitted), oldest first. */
  changesOf(elementId: string, revision = Infinity): ElementChange[] {
    return (this.changes.get(elementId) ?? []).filter((change) => change.revision <= revision);
  }
}

/** How the author filter shows the others' elements. */
export type AuthorFilterMode = 'only' | 'dim';

export interface AuthorFilter {
  authorIds: ReadonlySet<string>;
  mode: AuthorFilterMode;
}

/** Opacity (0..100) of the others' elements when dimmed. */
export const DIMMED_OPACITY = 15;

const dimmedCopies = new WeakMap<SceneElement, SceneElement>();

/** `element` faded (one copy per element object, so the board's caches stay warm). */
export function dimmed(element: SceneElement): SceneElement {
  let copy = dimmedCopies.get(element);
  if (!copy) {
    const opacity = typeof element.opacity === 'number' ? element.opacity : 100;
    copy = { ...element, opacity: Math.round((opacity * DIMMED_OPACITY) / 100) };
    dimmedCopies.set(element, copy);
    if (isPartial(element)) markPartial(copy);
  }
  return copy;
}

/**
 * The frame under the author filter: an element belongs to who drew it; with `only` the
 * others' elements are left out, with `dim` they are faded. Elements of unknown origin count
 * as the others'.
 */
export function applyAuthorFilter(
  frame: readonly SceneElement[],
  filter: AuthorFilter | null,
  attribution: Attribution,
): readonly SceneElement[] {
  if (!filter || filter.authorIds.size === 0) return frame;
  const theirs = (element: SceneElement) => {
    const author = attribution.drawnBy(element.id)?.actorId;
    return author !== undefined && filter.authorIds.has(author);
  };
  if (filter.mode === 'only') return frame.filter(theirs);
  return frame.map((element) => (theirs(element) ? element : dimmed(element)));
}
