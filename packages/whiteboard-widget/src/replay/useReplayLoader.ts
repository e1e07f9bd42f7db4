import { useEffect, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { Checkpoint } from '@tabula/domain/protocol';
import type { HistorySource } from './historySource';
import type { ReplayModel } from './replayModel';

/** Steps asked per replay page (the API's maximum). */
export const REPLAY_PAGE = 1000;
/**
 * The first page is smaller: it is computed beside the scene of the first frame, on the same
 * server, and a smaller one lets that scene answer sooner.
 */
export const FIRST_REPLAY_PAGE = 200;

/** What the player has of the history so far. */
export interface ReplayLoad {
  /** The scene shown until the steps reach the revision opened at (null once they do). */
  opening: { revision: number; elements: readonly SceneElement[] } | null;
  /** True once every step up to the head has loaded. */
  complete: boolean;
  /** The first failure, worded for the user. */
  error: string | null;
  checkpoints: readonly Checkpoint[];
  /** Bumped whenever steps were added to the model. */
  version: number;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return `The history could not be loaded: ${text || 'unknown error'}`;
}

/**
 * Opens a replay fast: the scene at the revision to show and the first page of steps are
 * asked at once, so the first frame needs one round trip; further pages then load in the
 * background, and entries appended later (the source's subscription) are fetched as they come.
 * Calls `onReached` once the steps reach the revision opened at.
 */
export function useReplayLoader(
  source: HistorySource,
  model: ReplayModel,
  openAt: number | undefined,
  onReached: (revision: number) => void,
): ReplayLoad {
  const [load, setLoad] = useState<ReplayLoad>({
    opening: null,
    complete: false,
    error: null,
    checkpoints: [],
    version: 0,
  });

  useEffect(() => {
    let live = true;
    let target: number | undefined = openAt;
    let reached = false;
    const update = (change: Partial<ReplayLoad> | ((load: ReplayLoad) => Partial<ReplayLoad>)) => {
      if (live)
        setLoad((current) => ({
          ...current,
          ...(typeof change === 'function' ? change(current) : change),
        }));
    };
    const fail = (error: unknown) =>
      update((current) => ({ error: current.error ?? messageOf(error) }));
    const checkReached = (complete: boolean) => {
      if (reached || target === undefined) return;
      if (model.lastRevision() < target && !complete) return;
      reached = true;
      onReached(target);
      update({ opening: null });
    };
    const added = (count: number, complete: boolean) => {
      update((current) => ({ version: current.version + (count > 0 ? 1 : 0), complete }));
      checkReached(complete);
    };

    const scene = source.sceneAt(openAt).then((answer) => {
      if (!live) return;
      target = answer.revision;
      if (!reached) update({ opening: { revision: answer.revision, elements: answer.elements } });
      checkReached(false);
    });
    scene.catch(fail);
    source.checkpoints().then(
      (checkpoints) => update({ checkpoints }),
      () => undefined,
    );

    let fetching: Promise<void> | null = null;
    let again = false;
    /** Loads pages after the last step held until there is no next page. */
    const loadPages = async (first: boolean) => {
      let after: number | undefined = first ? undefined : model.lastRevision();
      for (;;) {
        const page = await source.replay(
          after === undefined ? { limit: FIRST_REPLAY_PAGE } : { after, limit: REPLAY_PAGE },
        );
        if (!live) return;
        const count = model.append(page.steps);
        added(count, page.next === undefined);
        if (page.next === undefined) return;
        after = page.next;
      }
    };
    /** Runs one load at a time; a call during a load runs another after it. */
    const run = (first: boolean) => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = loadPages(first)
        .catch(fail)
        .finally(() => {
          fetching = null;
          if (again && live) {
            again = false;
            run(false);
          }
        });
    };
    run(true);
    const unsubscribe = source.subscribe?.(() => run(false));
    return () => {
      live = false;
      unsubscribe?.();
    };
    // The source and the model are the player's for its lifetime; openAt is read at mount.
  }, [source, model]);

  return load;
}
