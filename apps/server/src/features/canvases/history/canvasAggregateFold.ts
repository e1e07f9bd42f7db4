/**
 * The canvas aggregate folded from its whole stream, as the command handler's catch-up folds
 * it (`evolveCanvas`, the quotas' count, the commands stored last), in plain data for another
 * thread to hand over (`FoldedStream`). The scene load thread runs it for a long canvas that
 * is not cached (`SceneLoadThread.aggregates`), so a cold join's read and parse of the whole
 * log is not the event loop's.
 */
import { canvasDecider } from '@tabula/domain';
import type { CanvasEvent, CanvasState } from '@tabula/domain';
import type { FoldedStream } from '../../../infrastructure/commandHandlerOptions';
import type {
  RecordedEvent,
  ReadStreamOptions,
} from '../../../infrastructure/eventStore/eventStore';
import { RecentCommands } from '../../../infrastructure/recentCommands';
import { countEvent } from '../quotas/quotas';
import type { CanvasCount } from '../quotas/quotas';

/** Events read at once: a page of a 50,000-element canvas's log is a few megabytes. */
const PAGE = 256;

export function foldCanvasAggregate(
  readStream: (stream: string, options: ReadStreamOptions) => RecordedEvent<CanvasEvent>[],
  stream: string,
): FoldedStream<CanvasState> {
  let state = canvasDecider.initialState();
  let revision = -1;
  const counted: CanvasCount = { ids: new Set(), bytes: 0 };
  const recent = new RecentCommands();
  for (;;) {
    const page = readStream(stream, { fromRevision: revision + 1, maxCount: PAGE });
    for (const { event, revision: recorded } of page) {
      state = canvasDecider.evolve(state, event);
      countEvent(counted, event);
      recent.stored(event.metadata, recorded);
      revision = recorded;
    }
    if (page.length < PAGE) break;
  }
  return { state, revision, counted, recent: recent.entries() };
}

/**
 * The canvas's state alone (who may read it and what they may do), from the events that are
 * not scene-only (`SCENE_ONLY_EVENTS`): what a join's membership check needs, without the
 * drawings that make a long canvas's log.
 */
export function foldCanvasState(
  readStateEvents: (stream: string) => RecordedEvent<CanvasEvent>[],
  stream: string,
): CanvasState {
  return readStateEvents(stream).reduce(
    (state, { event }) => canvasDecider.evolve(state, event),
    canvasDecider.initialState(),
  );
}
