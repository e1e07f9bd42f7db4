/** What a client that already holds a canvas up to some revision is missing, read from the log. */
import { canvasStreamName, reconcile } from '@tabula/domain';
import type { CanvasChange } from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import { readCanvasLog } from '../history/canvasLog';

/**
 * The drawing changes after `sinceRevision`, or null when a snapshot is needed instead: a
 * restore in between, or a `sinceRevision` beyond the stream's last revision.
 */
export async function changesSince(
  context: Pick<AppContext, 'eventStore' | 'canvases'>,
  canvasId: string,
  sinceRevision: number,
): Promise<{ revision: number; changes: CanvasChange[] } | null> {
  const records = await readCanvasLog(context.eventStore, canvasId, { from: sinceRevision + 1 });
  if (records.length === 0) {
    // A client claiming a revision the log has not reached (stale, or from another data
    // directory) must not be told it is current: it gets a snapshot to resync from.
    const { revision: head } = await context.canvases.load(canvasStreamName(canvasId));
    if (sinceRevision > head) return null;
  }
  const changes: CanvasChange[] = [];
  let revision = sinceRevision;
  for (const { event, revision: recorded } of records) {
    revision = recorded;
    if (event.type === 'CanvasRestored') return null;
    if (event.type === 'LineDrawn') {
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
 * whole scene after a restore), or null when nothing changed.
 */
export async function mergedChangesSince(
  context: Pick<AppContext, 'eventStore' | 'canvases'>,
  canvasId: string,
  sinceRevision: number,
  scene: (canvasId: string) => Promise<{ revision: number; elements: CanvasChange['elements'] }>,
): Promise<{ revision: number; actorId: string; elements: CanvasChange['elements'] } | null> {
  const since = await changesSince(context, canvasId, sinceRevision);
  if (since === null) return { ...(await scene(canvasId)), actorId: 'system' };
  const last = since.changes[since.changes.length - 1];
  if (!last) return null;
  const elements = reconcile(
    [],
    since.changes.flatMap((change) => change.elements),
  );
  return { revision: since.revision, actorId: last.actorId, elements };
}
