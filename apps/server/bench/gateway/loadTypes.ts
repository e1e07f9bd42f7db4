/** What a gateway benchmark's load is asked to do (`LoadPlan`) and what it measured (`LoadResult`). */
import type { LoadKind } from './gesture';

export interface LoadPlan {
  kind: LoadKind;
  /** Who draws: the first client of each room, or every client. */
  drawers: 'one' | 'all';
  /** Gestures per drawer, back to back (a drawer's first starts at a random phase). */
  gestures: number;
  /** The longest wait for outstanding deliveries after the last commit. */
  drainMs: number;
  /** Put before every stroke id (runs on the same canvases need new ids: the soak). */
  strokePrefix?: string;
  /** Told of each commit's arrival at a peer (e.g. to sort pairs of clients by where they are). */
  onCommitArrival?: (arrival: CommitArrival) => void;
}

/** A commit that reached a peer: the room, the drawer's and the peer's index in it, the latency. */
export interface CommitArrival {
  room: number;
  from: number;
  to: number;
  ms: number;
}

export interface LoadResult {
  /** Frames: `ink` messages, or for the `commits` load the per-frame `canvas-update`s. */
  frames: {
    sent: number;
    /** Sent frames × peers in the room. */
    offered: number;
    delivered: number;
    toPeerMs: number[];
    /** Volatile ink the client itself discarded (its transport was busy). */
    discardedByClient: number;
    /** Patches a peer could not apply (their first point is past the peer's last). */
    notApplicable: number;
    /** Acks of per-frame `canvas-update`s (the `commits` load only). */
    ackMs: number[];
  };
  commits: {
    sent: number;
    offered: number;
    delivered: number;
    toPeerMs: number[];
    ackMs: number[];
    refused: number;
    firstRefusal?: string;
  };
  /** Bytes the drawer wrote for each completed gesture (its frames and its commit). */
  bytesPerGesture: number[];
  /** `error` events the server sent to any client, and the first one. */
  serverErrors: number;
  firstServerError?: string;
  wallMs: number;
  client: { cpuPercent: number; loopDelayP99Ms: number };
}
