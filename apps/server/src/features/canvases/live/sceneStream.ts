/**
 * A large scene goes to a joining session in `scene-chunk` messages after the join's ack, never
 * as one message: each chunk holds at most `chunkElements` elements and about `chunkBytes` of
 * JSON. Every stream of the process is a step of one shared pump, which writes chunks round
 * robin, one at least per turn of the event loop, while the turn's sliced work (shared with
 * scene loads and catch-ups: `turnSlices.ts`) is under `SLICE_MS`, then lets the loop go on; a
 * stream whose session's transport backlog is over `maxBacklogBytes` leaves the pump until
 * that transport drains. So ten joins of a 50,000 element canvas at once never hold the loop
 * for long. The scene comes as its elements' JSON texts in scene order
 * (`CurrentScenes.textsOf`, shared by every joiner): a chunk's elements are never parsed here:
 * each chunk's texts are spliced into its message as they are. A chunk's compression for the
 * wire is made on the thread pool before it is written (`LiveSession.prepare`), while the
 * loop goes on; the stream's next chunk waits for it.
 */
import { SCENE_CHUNK_BYTES, SCENE_CHUNK_ELEMENTS } from '@tabula/domain/protocol';
import type { JoinCanvasResult, JoinedCanvas, SceneChunk } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { parseShared, textsAsArray } from '../../../infrastructure/sharedJson';
import { SLICE_MS, spentThisTurn } from '../../../infrastructure/turnSlices';
import type { FrameEncoder, LiveSession } from '../../../realtime/liveSession';
import type { SceneDownloads } from './sceneDownloads';

/** A join's scene as its elements' JSON texts in scene order, at `revision`. */
export interface SceneTexts {
  kind: 'texts';
  canvasId: string;
  revision: number;
  texts: readonly string[];
}

export interface SceneStreamLimits {
  /** A scene of more elements goes in chunks; also the most elements of one chunk. */
  chunkElements: number;
  /**
   * JSON bytes of one chunk at most (a chunk holds at least one element); a scene of more goes
   * in chunks too.
   */
  chunkBytes: number;
  /** The session's transport backlog beyond which the stream waits for it to drain. */
  maxBacklogBytes: number;
}

export const SCENE_STREAM_LIMITS: SceneStreamLimits = {
  chunkElements: SCENE_CHUNK_ELEMENTS,
  chunkBytes: SCENE_CHUNK_BYTES,
  maxBacklogBytes: 1024 * 1024,
};

/** The elements' texts in consecutive chunks bounded in count and JSON bytes. */
export function* sceneChunks(
  texts: readonly string[],
  limits: Pick<SceneStreamLimits, 'chunkElements' | 'chunkBytes'>,
): Generator<string[]> {
  let chunk: string[] = [];
  let bytes = 0;
  for (const element of texts) {
    const size = element.length + 1;
    if (
      chunk.length > 0 &&
      (chunk.length >= limits.chunkElements || bytes + size > limits.chunkBytes)
    ) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(element);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
}

/** One chunk's worth of work: 'more' to go on, 'wait' (it re-queues itself), 'done'. */
type Step = () => 'more' | 'wait' | 'done';

/**
 * Every stream of the process shares one pump: each turn it runs steps round robin (one at
 * least) while the turn's sliced work has taken less than `SLICE_MS` (`spentThisTurn`, shared
 * with the scene loads), then lets the loop go on (timers, I/O, other requests) before the
 * next turn. (A `setImmediate` per stream would not do: the immediates queued before a turn
 * all run in it, so ten streams would make one turn ten chunks long.)
 */
const pump = { queue: [] as Step[], scheduled: false };

function enqueue(step: Step): void {
  pump.queue.push(step);
  if (!pump.scheduled) {
    pump.scheduled = true;
    setImmediate(runPump);
  }
}

function runPump(): void {
  pump.scheduled = false;
  spentThisTurn(); // counts from here unless other sliced work ran in this turn already
  let steps = 0;
  while (pump.queue.length > 0 && (steps++ === 0 || spentThisTurn() < SLICE_MS)) {
    const step = pump.queue.shift()!;
    if (step() === 'more') pump.queue.push(step);
  }
  if (pump.queue.length > 0 && !pump.scheduled) {
    pump.scheduled = true;
    setImmediate(runPump);
  }
}

/**
 * Writes `elements` to the session as the chunks of `streamId`, the last one marked `last`;
 * resolves true once all are written, false when it stopped because `wanted()` said the
 * session no longer shows the canvas.
 */
export function streamScene<Frame>(
  session: LiveSession<Frame>,
  encoder: FrameEncoder<Frame>,
  stream: { canvasId: string; streamId: string; texts: readonly string[] },
  wanted: () => boolean,
  limits: SceneStreamLimits = SCENE_STREAM_LIMITS,
): Promise<boolean> {
  const { canvasId, streamId } = stream;
  const chunks = sceneChunks(stream.texts, limits);
  let next: IteratorResult<string[]> | undefined;
  let index = 0;
  return new Promise<boolean>((resolve, reject) => {
    /** After a chunk is written: what the stream does next (see `Step`). */
    const written = (last: boolean): 'more' | 'wait' | 'done' => {
      if (last) {
        resolve(true);
        return 'done';
      }
      if (session.backlogBytes() <= limits.maxBacklogBytes) return 'more';
      session.onceDrained(() => enqueue(step));
      return 'wait';
    };
    const step: Step = () => {
      try {
        if (!wanted()) {
          resolve(false);
          return 'done';
        }
        next ??= chunks.next();
        if (next.done) {
          resolve(true);
          return 'done';
        }
        // The elements' texts go out as they are, never parsed (the encoder splices them in).
        const elements = textsAsArray(next.value) as SceneElement[];
        const chunk: SceneChunk = { canvasId, streamId, index: index++, elements };
        next = chunks.next();
        const last = next.done === true;
        if (last) chunk.last = true;
        const frame = encoder.encode('scene-chunk', chunk);
        // Its compression, made on the thread pool while the loop goes on; then it is written.
        const preparing = session.prepare?.(frame);
        if (!preparing) {
          session.write(frame);
          return written(last);
        }
        preparing.then(
          () => {
            if (!wanted()) return resolve(false);
            session.write(frame);
            if (written(last) === 'more') enqueue(step);
          },
          (error: unknown) => reject(error),
        );
        return 'wait';
      } catch (error) {
        reject(error);
        return 'done';
      }
    };
    enqueue(step);
  });
}

interface PendingStream {
  canvasId: string;
  streamId: string;
  texts: readonly string[];
  started: boolean;
}

/**
 * The scene streams of a node's sessions: a join's answer too large for one message becomes a
 * `download` answer when the join asked for one and `downloads` can issue it, else a `chunked`
 * answer (`bound`), whose chunks go out once its ack has (`answered`); a newer join of the same
 * session and canvas, or leaving it (`forget`), ends an older stream.
 */
export class SceneStreams<Frame> {
  private readonly streams = new Map<string, PendingStream>();

  constructor(
    private readonly encoder: FrameEncoder<Frame>,
    readonly limits: SceneStreamLimits,
    private readonly newId: () => string,
    private readonly onError: (error: unknown) => void,
    private readonly downloads?: SceneDownloads,
  ) {}

  /**
   * The answer as sent: a scene of at most `chunkElements` elements and `chunkBytes` of JSON
   * is a `snapshot` (parsed now); a larger one a `download` when `download` was asked for, else
   * `chunked`, its stream waiting for `answered`.
   */
  bound(sessionId: string, answer: JoinedCanvas | SceneTexts, download = false): JoinCanvasResult {
    if (answer.kind !== 'texts') return answer;
    const { canvasId, revision, texts } = answer;
    // A scene of few but large elements goes in chunks too: they are compressed on the wire
    // (webSocketFrames.ts), an ack is not.
    if (texts.length <= this.limits.chunkElements && !beyondBytes(texts, this.limits.chunkBytes))
      return {
        kind: 'snapshot',
        canvasId,
        revision,
        elements: parseShared(texts) as SceneElement[],
      };
    const downloadable = download ? this.downloads?.issue(canvasId, revision, texts) : null;
    if (downloadable) return downloadable;
    const streamId = this.newId();
    this.streams.set(key(sessionId, canvasId), { canvasId, streamId, texts, started: false });
    return { kind: 'chunked', canvasId, revision, streamId, elements: texts.length };
  }

  /**
   * The join's ack is on its way (call it right before returning the ack: only microtasks may
   * lie between): a `chunked` answer's scene follows it while `shown()` holds.
   */
  answered(session: LiveSession<Frame>, answer: JoinCanvasResult, shown: () => boolean): void {
    if (answer.kind !== 'chunked') return;
    const id = key(session.id, answer.canvasId);
    const stream = this.streams.get(id);
    if (stream?.streamId !== answer.streamId || stream.started) return;
    stream.started = true;
    const wanted = () => this.streams.get(id) === stream && shown();
    setImmediate(() => {
      streamScene(session, this.encoder, stream, wanted, this.limits)
        .catch(this.onError)
        .finally(() => {
          if (this.streams.get(id) === stream) this.streams.delete(id);
        });
    });
  }

  /** The session no longer shows the canvas: its stream, if any, stops. */
  forget(sessionId: string, canvasId: string): void {
    this.streams.delete(key(sessionId, canvasId));
  }
}

function key(sessionId: string, canvasId: string): string {
  return `${sessionId}\u0000${canvasId}`;
}

/** True when the texts' JSON (with a separator each) is longer than `bytes`. */
function beyondBytes(texts: readonly string[], bytes: number): boolean {
  let length = 0;
  for (const text of texts) if ((length += text.length + 1) > bytes) return true;
  return false;
}
