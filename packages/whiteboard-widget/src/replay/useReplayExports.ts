import { useCallback, useEffect, useRef, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import { boundsOf, framePng, frameSvg } from './exportFrame';
import type { ReplayExportKind } from './exportFrame';
import type { ReplayFiles } from './replayFiles';
import type { ReplayModel } from './replayModel';
import { canRecordVideo, recordTimelapse } from './timelapse';

/** Frames of a timelapse: one per step, between these bounds. */
const MIN_VIDEO_FRAMES = 30;
const MAX_VIDEO_FRAMES = 240;

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Everything ever drawn in the replay (for a video view that holds every frame). */
function everything(model: ReplayModel): SceneElement[] {
  const drawn = new Map<string, SceneElement>();
  for (const step of model.steps) {
    for (const element of step.elements) if (!element.isDeleted) drawn.set(element.id, element);
  }
  return [...drawn.values()];
}

export interface ReplayExports {
  videoProgress: number | null;
  error: string | null;
  canRecordVideo: boolean;
  run(kind: ReplayExportKind): void;
  cancelVideo(): void;
}

/**
 * The player's exports: the frame shown as PNG or SVG, the whole replay as a WebM timelapse.
 * The file goes to `onExport` when given, else it is downloaded. With `files`, an export first
 * waits for the image files it shows (each arrived or failed), and draws them.
 */
export function useReplayExports(
  model: ReplayModel,
  onExport?: (kind: ReplayExportKind, blob: Blob) => void,
  files?: ReplayFiles | null,
): ReplayExports {
  const [videoProgress, setVideoProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onExportRef = useRef(onExport);
  onExportRef.current = onExport;
  useEffect(() => () => abortRef.current?.abort(), []);

  const video = useCallback(async () => {
    const abort = new AbortController();
    abortRef.current = abort;
    const drawn = everything(model);
    const view = boundsOf(drawn);
    if (!view) throw new Error('There is nothing to record yet.');
    const total = model.position().total;
    const frames = Math.max(MIN_VIDEO_FRAMES, Math.min(MAX_VIDEO_FRAMES, model.steps.length));
    setVideoProgress(0);
    try {
      const held = files ? await files.settled(drawn) : null;
      return await recordTimelapse({
        frames,
        frameAt: (index) => model.frameAtTime((total * index) / (frames - 1)),
        view,
        files: held,
        onProgress: setVideoProgress,
        signal: abort.signal,
      });
    } finally {
      abortRef.current = null;
      setVideoProgress(null);
    }
  }, [model, files]);

  const run = useCallback(
    (kind: ReplayExportKind) => {
      setError(null);
      const frame = model.frame();
      const still = async (make: typeof framePng) =>
        make(frame, files ? await files.settled(frame) : null);
      const made = kind === 'png' ? still(framePng) : kind === 'svg' ? still(frameSvg) : video();
      made.then(
        (blob) => {
          const handler = onExportRef.current;
          if (handler) handler(kind, blob);
          else download(blob, `replay-r${model.position().revision}.${kind}`);
        },
        (failure: unknown) =>
          setError(`The export failed: ${failure instanceof Error ? failure.message : failure}`),
      );
    },
    [model, video, files],
  );

  return {
    videoProgress,
    error,
    canRecordVideo: canRecordVideo(),
    run,
    cancelVideo: () => abortRef.current?.abort(),
  };
}
