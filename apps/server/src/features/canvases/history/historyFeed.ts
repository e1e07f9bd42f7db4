/**
 * History as the log grows: each committed canvas event becomes a `history-appended` entry
 * for the sockets of this node that have the canvas open. Entries are folded on the scene just before them, kept per recently
 * active canvas so a busy canvas costs one fold step per event, not a scene load.
 */
import type { CanvasEvent, Event } from '@tabula/domain';
import type { HistoryEntry } from '@tabula/domain/protocol';
import type { RecordedEvent } from '../../../infrastructure/eventStore/eventStore';
import { CompactScene } from './compactScene';
import type { HistoryQueries } from './historyQueries';

/** Canvases whose latest scene the feed keeps in memory at most. */
const HEADS = 32;

export interface HistoryFeedOptions {
  queries: HistoryQueries;
  /** True when some socket of this node has the canvas open. */
  watched(canvasId: string): boolean;
  emit(canvasId: string, entry: HistoryEntry): void;
}

export class HistoryFeed {
  /** Each scene as element JSON (`CompactScene`): a busy canvas's content is held as text. */
  private readonly heads = new Map<string, { revision: number; scene: CompactScene }>();

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
    const compact = head?.revision === record.revision - 1 ? head.scene : undefined;
    const logged = { revision: record.revision, event: compact?.withoutHeldCopies(event) ?? event };
    // The entry reads (and folds) what the scene holds of the elements the event names, and
    // the whole scene only when a drawing deletes (to tell whether it cleared the canvas).
    const deletes = event.type === 'LineDrawn' && event.data.elements.some((e) => e.isDeleted);
    const before = deletes ? compact?.record() : compact?.known(logged.event);
    const { entry, scene } = await this.options.queries.entryOf(canvasId, logged, before);
    if (compact) compact.applyChanges(logged.event);
    this.heads.delete(canvasId);
    this.heads.set(canvasId, {
      revision: record.revision,
      scene: compact ?? CompactScene.of(Object.values(scene)),
    });
    if (this.heads.size > HEADS) this.heads.delete(this.heads.keys().next().value!);
    this.options.emit(canvasId, entry);
  }
}
