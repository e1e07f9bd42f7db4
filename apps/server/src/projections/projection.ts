import type { RecordedEvent } from '../infrastructure/eventStore/eventStore';
import type { ReadModelOp, ReadModelStore } from '../infrastructure/readModels/readModelStore';
import type { Event } from '@tabula/domain';

/**
 * A projection turns one recorded event into read-model writes. It may read the current read
 * models (it is their only writer), and must give the same writes for the same event and
 * state, so a replay or a rebuild lands on the same read models.
 */
export interface Projection {
  name: string;
  /** Event types it cares about; others are skipped without a write. */
  handles: ReadonlySet<string>;
  project(record: RecordedEvent<Event>, readModels: ReadModelStore): Promise<ReadModelOp[]>;
}
