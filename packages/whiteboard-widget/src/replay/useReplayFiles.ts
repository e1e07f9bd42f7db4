import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import type { ReplayBoardHandle } from './ReplayBoard';
import { ReplayFiles } from './replayFiles';
import type { ReplayFileSource } from './replayFiles';
import type { ReplayModel } from './replayModel';
import type { ReplayLoad } from './useReplayLoader';

/**
 * The player's image files (none without a file source): the files of the image elements of
 * the opening scene and of each step are asked for as they load, outside the playback loop,
 * and each one that arrives goes to the board, which is then painted again (a frame drawn
 * before shows the placeholder, the next one the image). `attach` gives a board that comes up
 * later the files held by then.
 */
export function useReplayFiles(
  source: ReplayFileSource | undefined,
  canvasId: string,
  model: ReplayModel,
  load: ReplayLoad,
  boardRef: RefObject<ReplayBoardHandle | null>,
  paint: () => void,
) {
  const paintRef = useRef(paint);
  paintRef.current = paint;
  const files = useMemo(
    () =>
      source
        ? new ReplayFiles(source, canvasId, (file) => {
            boardRef.current?.addFiles([file]);
            paintRef.current();
          })
        : null,
    [source, canvasId, boardRef],
  );
  useEffect(() => () => files?.dispose(), [files]);

  /** How many of the model's steps have been looked through. */
  const scanned = useRef({ files, model, steps: 0 });
  useEffect(() => {
    if (!files) return;
    if (scanned.current.files !== files || scanned.current.model !== model)
      scanned.current = { files, model, steps: 0 };
    if (load.opening) files.want(load.opening.elements);
    const { steps } = model;
    for (let at = scanned.current.steps; at < steps.length; at += 1)
      files.want(steps[at]!.elements);
    scanned.current.steps = steps.length;
  }, [files, model, load.opening, load.version]);

  const attach = useCallback(
    (board: ReplayBoardHandle) => {
      if (files) board.addFiles(Object.values(files.files()));
    },
    [files],
  );
  return { files, attach };
}
