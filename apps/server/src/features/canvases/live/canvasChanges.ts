/** What a client that already holds a canvas up to some revision is missing, read from the log. */
import { canvasStreamName, reconcile } from '@tabula/domain';
import { MAX_CATCH_UP_ELEMENTS, MAX_CATCH_UP_EVENTS } from '@tabula/domain/protocol';
import type { CanvasChange } from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import { readCanvasLog } from '../history/canvasLog';

/** How much a catch-up carries at most; beyond it the client is told to resync. */
export interface CatchUpBound {
  events: number;
  elements: number;
}

export const CATCH_UP_BOUND: CatchUpBound = {
  events: MAX_CATCH_UP_EVENTS,
  elements: MAX_CATCH_UP_ELEMENTS,
};

/** More changed than a catch-up carries: the client loads the scene instead. */
export const RESYNC = 'resync';

/**
 * The drawing changes after `sinceRevision`; null when a snapshot is needed instead (a restore
 * in between, or a `sinceRevision` beyond the stream's last revision); `RESYNC` when more than
 * `bound` changed (the log is read no further than the bound).
 */
export async function changesSince(
  context: Pick<AppContext, 'eventStore' | 'canvases'>,
  canvasId: string,
  sinceRevision: number,
  bound: CatchUpBound = CATCH_UP_BOUND,
): Promise<{ revision: number; changes: CanvasChange[] } | null | typeof RESYNC> {
  const records = await readCanvasLog(context.eventStore, canvasId, {
    from: sinceRevision + 1,
    maxCount: bound.events + 1,
  });
  if (records.length > bound.events) return RESYNC;
  if (records.length === 0) {
    // A client claiming a revision the log has not reached (stale, or from another data
    // directory) must not be told it is current: it gets a snapshot to resync from.
    const { revision: head } = await context.canvases.load(canvasStreamName(canvasId));
    if (sinceRevision > head) return null;
  }
  const changes: CanvasChange[] = [];
  let revision = sinceRevision;
  let elements = 0;
  for (const { event, revision: recorded } of records) {
    revision = recorded;
    if (event.type === 'CanvasRestored') return null;
    if (event.type === 'LineDrawn') {
      elements += event.data.elements.length;
      if (elements > bound.elements) return RESYNC;
      changes.push({
        revision: recorded,
        actorId: event.metadata.actorId,
        elements: event.data.elements,
      });
    }
  }
  return { revision, changes };
}

/**
 * Everything after `sinceRevision` as one update (the changes merged by the scene rule, or the
 * whole scene after a restore), null when nothing changed, or `RESYNC` when that is more than
 * `bound` (the session loads the scene by joining again).
 */
export async function mergedChangesSince(
  context: Pick<AppContext, 'eventStore' | 'canvases'>,
  canvasId: string,
  sinceRevision: number,
  scene: (canvasId: string) => Promise<{ revision: number; elements: CanvasChange['elements'] }>,
  bound: CatchUpBound = CATCH_UP_BOUND,
): Promise<
  { revision: number; actorId: string; elements: CanvasChange['elements'] } | null | typeof RESYNC
> {
  // What is sent is the merge (an element changed a hundred times goes once): the events read
  // are bounded here, the merged elements below.
  const since = await changesSince(context, canvasId, sinceRevision, {
    events: bound.events,
    elements: Number.POSITIVE_INFINITY,
  });
  if (since === RESYNC) return RESYNC;
  if (since === null) {
    const whole = await scene(canvasId);
    return whole.elements.length > bound.elements ? RESYNC : { ...whole, actorId: 'system' };
  }
  const last = since.changes[since.changes.length - 1];
  if (!last) return null;
  const elements = reconcile(
    [],
    since.changes.flatMap((change) => change.elements),
  );
  if (elements.length > bound.elements) return RESYNC;
  return { revision: since.revision, actorId: last.actorId, elements };
}
