/**
 * History as the log grows: each committed canvas event becomes a `history-appended` entry
 * for the sockets of this node that have the canvas open. Entries are folded on the scene just before them, kept per recently
 * active canvas so a busy canvas costs one fold step per event, not a scene load.
 */
import type { CanvasEvent, Event } from '@tabula/domain';
import type { HistoryEntry } from '@tabula/domain/protocol';
import type { RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import type { HistoryQueries } from './historyQueries';
import type { SceneRecord } from './sceneTimeline';

/** Canvases whose latest scene the feed keeps in memory at most. */
const HEADS = 32;

export interface HistoryFeedOptions {
  queries: HistoryQueries;
  /** True when some socket of this node has the canvas open. */
  watched(canvasId: string): boolean;
  emit(canvasId: string, entry: HistoryEntry): void;
}

export class HistoryFeed {
  private readonly heads = new Map<string, { revision: number; scene: SceneRecord }>();

  constructor(private readonly options: HistoryFeedOptions) {}

  /** Call in log order, one event at a time. */
  async publish(record: RecordedEvent<Event>): Promise<void> {
    if (!record.streamName.startsWith('canvas-')) return;
    const event = record.event as Event as CanvasEvent;
    const { canvasId } = event.data;
    if (event.type === 'CanvasDeleted') {
      this.heads.delete(canvasId);
      return;
    }
    if (!this.options.watched(canvasId)) {
      this.heads.delete(canvasId);
      return;
    }
    const head = this.heads.get(canvasId);
    const logged = { revision: record.revision, event };
    const { entry, scene } = await this.options.queries.entryOf(
      canvasId,
      logged,
      head?.revision === record.revision - 1 ? head.scene : undefined,
    );
    this.heads.delete(canvasId);
    this.heads.set(canvasId, { revision: record.revision, scene });
    if (this.heads.size > HEADS) this.heads.delete(this.heads.keys().next().value!);
    this.options.emit(canvasId, entry);
  }
}
