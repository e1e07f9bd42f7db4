/**
 * History as the log grows: each committed canvas event becomes a `history-appended` entry
 * for the sockets of this node that have the canvas open. An open canvas's scene is held by
 * the node's current scenes, which fold each event before the feed hears of it and keep what
 * they read of the scene before it (`CurrentScenes.foldedOf`): the entry is folded on that, so
 * the feed holds no scene of its own and parses nothing again (a scene whose content is set
 * aside answers each element's stamp, which is all the rule reads). A canvas whose scene is not
 * held, or an event its stamps cannot decide (a restore), gets its entry from a fold of its log.
 */
import type { CanvasEvent, Event } from '@tabula/domain';
import type { HistoryEntry } from '@tabula/domain/protocol';
import type { RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import type { FoldedEvent } from './compactScene';
import type { HistoryQueries } from './historyQueries';

export interface HistoryFeedOptions {
  queries: HistoryQueries;
  /** How the node's current scenes folded the event; null when its scene was not held. */
  foldedOf(record: RecordedEvent<Event>): FoldedEvent | null;
  /** True when some socket of this node has the canvas open. */
  watched(canvasId: string): boolean;
  emit(canvasId: string, entry: HistoryEntry): void;
}

export class HistoryFeed {
  constructor(private readonly options: HistoryFeedOptions) {}

  /** Call in log order, one event at a time. */
  async publish(record: RecordedEvent<Event>): Promise<void> {
    if (!record.streamName.startsWith('canvas-')) return;
    const event = record.event as Event as CanvasEvent;
    const { canvasId } = event.data;
    if (event.type === 'CanvasDeleted' || !this.options.watched(canvasId)) return;
    const { queries } = this.options;
    const folded = this.options.foldedOf(record);
    const entry = folded
      ? await queries.entryOf(
          canvasId,
          { revision: record.revision, event: folded.event },
          { scene: { ...folded.before }, liveBefore: folded.liveBefore },
        )
      : await queries.entryOf(canvasId, { revision: record.revision, event });
    this.options.emit(canvasId, entry);
  }
}
