/**
 * What each receiving client of the gateway benchmark sees arrive: a frame counts as delivered
 * to a peer when a message carrying that version (or a later one) of the stroke arrives and
 * follows on from what the peer holds (a patch whose first point is past the peer's last one
 * cannot be shown: a message before it was lost); a commit when `updated-canvas` brings the
 * committed version. Latency is from the sender's write to the arrival.
 */
import type { Socket } from 'socket.io-client';
import type { InkMessage, UpdatedCanvasMessage } from '@tabula/domain/protocol';
import type { LoadResult } from './loadTypes';
import { COMMIT_VERSION, GESTURE_POINTS } from './gesture';
import type { LoadKind } from './gesture';

/** One peer's view of one stroke. */
interface PeerView {
  /** Highest frame version counted as delivered. */
  frameSeen: number;
  /** Points the peer's preview holds. */
  points: number;
  committed: boolean;
}

/**
 * Records in `result` what reaches `socket` from the other clients (strokes whose id does not
 * start with `ownPrefix`); `sentAt` holds each stroke's send time per version (NaN: not sent);
 * `onCommit` is told of each commit's arrival (the stroke id and its latency).
 */
export function recordArrivals(
  socket: Socket,
  ownPrefix: string,
  kind: LoadKind,
  sentAt: ReadonlyMap<string, Float64Array>,
  result: LoadResult,
  onCommit?: (strokeId: string, ms: number) => void,
): void {
  const views = new Map<string, PeerView>();
  const viewOf = (id: string) => {
    let view = views.get(id);
    if (!view) views.set(id, (view = { frameSeen: 0, points: 0, committed: false }));
    return view;
  };
  const deliverFrames = (id: string, view: PeerView, version: number, now: number) => {
    const times = sentAt.get(id);
    const upTo = Math.min(version, GESTURE_POINTS);
    if (!times || upTo <= view.frameSeen) return;
    for (let v = view.frameSeen + 1; v <= upTo; v += 1) {
      const sent = times[v]!;
      if (Number.isNaN(sent)) continue;
      result.frames.delivered += 1;
      result.frames.toPeerMs.push(now - sent);
    }
    view.frameSeen = upTo;
  };
  socket.on('ink', (message: InkMessage) => {
    const now = performance.now();
    for (const element of message.elements ?? []) {
      if (element.id.startsWith(ownPrefix)) continue;
      const view = viewOf(element.id);
      view.points = Array.isArray(element.points) ? element.points.length : 0;
      deliverFrames(element.id, view, element.version, now);
    }
    for (const patch of message.patches ?? []) {
      if (patch.id.startsWith(ownPrefix)) continue;
      const view = viewOf(patch.id);
      if (patch.fromIndex > view.points) {
        result.frames.notApplicable += 1;
        continue;
      }
      view.points = patch.fromIndex + patch.points.length;
      deliverFrames(patch.id, view, patch.version, now);
    }
  });
  socket.on('updated-canvas', (message: UpdatedCanvasMessage) => {
    const now = performance.now();
    for (const element of message.elements) {
      if (element.id.startsWith(ownPrefix)) continue;
      const view = viewOf(element.id);
      if (kind === 'commits') deliverFrames(element.id, view, element.version, now);
      // A stroke of another load on the same sockets (an earlier soak window) is not counted.
      const sent = sentAt.get(element.id)?.[COMMIT_VERSION];
      if (element.version < COMMIT_VERSION || view.committed || sent === undefined) continue;
      view.committed = true;
      result.commits.delivered += 1;
      const ms = now - sent;
      result.commits.toPeerMs.push(ms);
      onCommit?.(element.id, ms);
    }
  });
  socket.on('error', (payload: { message?: string }) => {
    result.serverErrors += 1;
    result.firstServerError ??= JSON.stringify(payload).slice(0, 300);
  });
}
