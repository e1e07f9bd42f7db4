import type { SceneElement } from '@tabula/domain';
import type { ImageFiles } from '../collab/fileTransport';
import { drawFrame } from './exportFrame';
import type { Bounds } from './exportFrame';

/** Options of `recordTimelapse`. */
export interface TimelapseOptions {
  /** How many frames (at least 2). */
  frames: number;
  /** The elements of frame `index` (0 … frames - 1). */
  frameAt(index: number): readonly SceneElement[];
  /** The scene rectangle every frame shows. */
  view: Bounds;
  /** The image files the frames' image elements are drawn from. */
  files?: ImageFiles | null;
  width?: number;
  height?: number;
  fps?: number;
  /** Called with the fraction done (0..1) after each frame. */
  onProgress?(done: number): void;
  signal?: AbortSignal;
}

/** The video types to try, best first. */
const TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

function nextFrame(fps: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000 / fps));
}

/** True when this browser can record a canvas to WebM. */
export function canRecordVideo(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.captureStream === 'function'
  );
}

/**
 * Renders the frames onto a canvas one by one and records its stream with the browser's
 * MediaRecorder: a WebM timelapse. Each frame is handed to the recorder explicitly once drawn
 * (`requestFrame`) and held for one frame time (the recorder keeps real time), so a frame
 * that renders slowly lasts longer in the video but none is missed, however busy the machine.
 */
export async function recordTimelapse(options: TimelapseOptions): Promise<Blob> {
  if (!canRecordVideo()) throw new Error('This browser cannot record video.');
  const fps = options.fps ?? 30;
  const canvas = document.createElement('canvas');
  canvas.width = options.width ?? 1280;
  canvas.height = options.height ?? 720;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the video.');
  // Frame rate 0: the stream carries a frame only when one is requested, after it is drawn.
  const stream = canvas.captureStream(0);
  const [track] = stream.getVideoTracks() as CanvasCaptureMediaStreamTrack[];
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  // The recorder starts asynchronously: frames handed to it before then are lost.
  const started = new Promise<void>((resolve) => {
    recorder.onstart = () => resolve();
  });
  await drawFrame(context, options.frameAt(0), options.view, options.files);
  recorder.start(250);
  try {
    await started;
    const count = Math.max(2, options.frames);
    for (let index = 0; index < count; index += 1) {
      if (options.signal?.aborted) throw new Error('The video export was cancelled.');
      await drawFrame(context, options.frameAt(index), options.view, options.files);
      track?.requestFrame();
      await nextFrame(fps);
      options.onProgress?.((index + 1) / count);
    }
    // The last frame stays a moment.
    track?.requestFrame();
    await nextFrame(fps / 10);
  } finally {
    recorder.stop();
    for (const t of stream.getTracks()) t.stop();
    await stopped;
  }
  return new Blob(chunks, { type: mimeType || 'video/webm' });
}
