import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { RevisionDiff } from './compare';
import type { Speed } from './playbackClock';
import type { ReplayBoardHandle } from './ReplayBoard';
import type { ReplayModel } from './replayModel';
import { fractionOf } from './timelineMarks';

/** The scene shown while the steps have not reached the revision opened at. */
export interface OpeningFrame {
  revision: number;
  elements: readonly SceneElement[];
}

/** What the controls show; changes at most once per step, not per animation frame. */
export interface PlaybackView {
  /** True once the board shows a first frame (the opening scene or the steps'). */
  started: boolean;
  applied: number;
  revision: number;
  playing: boolean;
  speed: Speed;
  skipIdle: boolean;
  diff: RevisionDiff | null;
}

function sameView(a: PlaybackView, b: PlaybackView): boolean {
  return (Object.keys(a) as (keyof PlaybackView)[]).every((key) => a[key] === b[key]);
}

/**
 * Drives the board from the model: `paint` shows the frame at the playhead (and moves the
 * timeline's playhead directly, without a React render), an animation-frame loop paints while
 * playing, and `act` runs a user action on the model and paints its outcome.
 */
export function usePlayback(
  model: ReplayModel,
  boardRef: RefObject<ReplayBoardHandle | null>,
  playheadRef: RefObject<HTMLDivElement | null>,
  openingRef: RefObject<OpeningFrame | null>,
) {
  const touched = useRef(false);
  const shownRef = useRef<readonly SceneElement[]>([]);
  const [view, setView] = useState<PlaybackView>({
    started: false,
    applied: 0,
    revision: 0,
    playing: false,
    speed: model.clock.speed,
    skipIdle: model.skipIdle,
    diff: null,
  });

  const paint = useCallback(() => {
    const opening = openingRef.current;
    const board = boardRef.current;
    const ready = opening !== null || model.steps.length > 0;
    if (board && ready) {
      shownRef.current = opening?.elements ?? model.frame();
      if (model.clock.playing && !opening) board.play(shownRef.current);
      else board.show(shownRef.current);
    }
    const position = model.position();
    const playhead = playheadRef.current;
    if (playhead) {
      const fraction = fractionOf(position.applied, position.progress, model.steps.length);
      playhead.style.left = `${(fraction * 100).toFixed(3)}%`;
    }
    const next: PlaybackView = {
      started: board !== null && ready,
      applied: position.applied,
      revision: opening?.revision ?? position.revision,
      playing: model.clock.playing,
      speed: model.clock.speed,
      skipIdle: model.skipIdle,
      diff: model.diff,
    };
    setView((current) => (sameView(current, next) ? current : next));
  }, [model, boardRef, playheadRef, openingRef]);

  const act = useCallback(
    (change: () => void) => {
      touched.current = true;
      openingRef.current = null;
      change();
      paint();
    },
    [paint, openingRef],
  );

  useEffect(() => {
    if (!view.playing) return undefined;
    let frame = requestAnimationFrame(function tick() {
      paint();
      if (model.clock.playing) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [view.playing, paint, model]);

  const attach = useCallback(
    (handle: ReplayBoardHandle) => {
      boardRef.current = handle;
      paint();
    },
    [boardRef, paint],
  );

  return {
    view,
    paint,
    act,
    attach,
    touched: () => touched.current,
    shown: () => shownRef.current,
  };
}
