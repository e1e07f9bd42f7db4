/**
 * What "clearing the canvas" is: one rule for the server (which marks a clearing commit and
 * refuses it from a collaborator when the owner turned that off), the history (its 'cleared
 * the canvas' entries) and the clients (the notice on every open board).
 *
 * A change clears the canvas when it deletes every live element of a scene that had at least
 * `MIN_CLEARED_ELEMENTS`, and brings none to life. Deleting the only element of a board is an
 * ordinary delete (a user removing their one stroke expects no "cleared the canvas" notice on
 * everyone's board); a change that deletes all but one element is not a clear either.
 */
import { compareElementCopies } from '../scene/reconcile';
import type { SceneElement } from '../scene/scene.types';

/** The fewest live elements a scene has for deleting them all to count as a clear. */
export const MIN_CLEARED_ELEMENTS = 2;

/** What a change does to a scene's live (not deleted) elements. */
export interface LiveChange {
  /** Live elements of the whole scene before the change. */
  liveBefore: number;
  /** Live elements the change deletes. */
  removed: number;
  /** Elements the change adds, or brings back from deleted. */
  revived: number;
}

/** True when the change clears the canvas (see the top of this file). */
export function isClearing({ liveBefore, removed, revived }: LiveChange): boolean {
  return revived === 0 && removed >= MIN_CLEARED_ELEMENTS && removed >= liveBefore;
}

/**
 * What `upserts` do to the live elements of a scene, judged before they are applied: only
 * upserts that win by the scene rule count. `held(id)` answers the scene's copy of an element
 * (a copy with only `version`, `versionNonce` and `isDeleted` is enough unless it ties on all
 * three); `liveBefore` is the whole scene's count of live elements.
 */
export function liveChangeOf(
  held: (id: string) => SceneElement | undefined,
  upserts: readonly SceneElement[],
  liveBefore: number,
): LiveChange {
  let removed = 0;
  let revived = 0;
  const seen = new Set<string>();
  for (const element of upserts) {
    if (seen.has(element.id)) continue;
    seen.add(element.id);
    const current = held(element.id);
    if (current !== undefined && compareElementCopies(element, current) <= 0) continue;
    const wasLive = current !== undefined && !current.isDeleted;
    if (element.isDeleted && wasLive) removed += 1;
    else if (!element.isDeleted && !wasLive) revived += 1;
  }
  return { liveBefore, removed, revived };
}

/**
 * A cheap first look: only a change of `MIN_CLEARED_ELEMENTS` or more deletions, with nothing
 * live in it, at least as many as the scene's live elements, can clear it (no scene is read).
 */
export function mayClear(upserts: readonly SceneElement[], liveBefore: number): boolean {
  return (
    upserts.length >= Math.max(MIN_CLEARED_ELEMENTS, liveBefore) &&
    upserts.every((element) => element.isDeleted)
  );
}
