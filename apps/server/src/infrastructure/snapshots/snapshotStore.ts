/**
 * Scene snapshots: the scene of a canvas as it was after some revision, kept next to the log
 * so that any revision loads from the nearest snapshot plus a few events. A snapshot is a
 * cache: it names the event it was folded up to (`lastEventId`) and carries a digest of its
 * body, and the reader (`SceneTimeline`) discards any snapshot that disagrees with the log.
 * Adapters: in-memory, SQLite (a table of the events file) and Redis.
 */
import { createHash } from 'node:crypto';
import type { SceneElement } from '@tabula/domain';

export interface SceneSnapshot {
  /** The revision whose scene this is (the scene after that event). */
  revision: number;
  /** The eventId of the log's event at `revision`: a snapshot of another log is refused. */
  lastEventId: string;
  /** Every element of the scene, tombstones included. */
  elements: SceneElement[];
}

/** A snapshot as stored: its body serialised once, with the digest of that body. */
export interface StoredSnapshot {
  revision: number;
  lastEventId: string;
  body: string;
  digest: string;
}

/**
 * A stored snapshot whose body is read part by part (a load of a large scene reads one part per
 * step, so no step reads the whole body): the parts in order make the body.
 */
export interface SnapshotInParts {
  revision: number;
  lastEventId: string;
  digest: string;
  parts(): AsyncIterable<string>;
}

export interface SnapshotStore {
  /** The stored snapshot of the highest revision <= `atOrBefore`, or null. */
  latest(canvasId: string, atOrBefore: number): Promise<StoredSnapshot | null>;
  /** As `latest`, its body read in parts (`SNAPSHOT_PART_CHARS` each, about). */
  latestInParts(canvasId: string, atOrBefore: number): Promise<SnapshotInParts | null>;
  /** Stores (or replaces) the snapshot of `snapshot.revision`. */
  put(canvasId: string, snapshot: StoredSnapshot): Promise<void>;
  /** Drops the snapshots of `revision` and later (they disagree with the log). */
  discardFrom(canvasId: string, revision: number): Promise<void>;
  /** Drops every snapshot of the canvas (its deletion). */
  purge(canvasId: string): Promise<void>;
  /** The revisions that have a snapshot, ascending. */
  revisions(canvasId: string): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * What a stored body puts between two elements' JSON: JSON.stringify never writes a raw
 * newline, so a reader finds each element's text by the newlines, without parsing the body
 * (bodies written before had a bare comma: they are read whole).
 */
export const SNAPSHOT_SEPARATOR = ',\n';

/** Characters of a body part, about: a part ends at the first element boundary after it. */
export const SNAPSHOT_PART_CHARS = 256 * 1024;

/** The body cut just after element boundaries (newlines) into parts of about `partChars`. */
export function bodyParts(body: string, partChars = SNAPSHOT_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < body.length;) {
    const boundary = body.indexOf('\n', start + partChars);
    const end = boundary < 0 ? body.length : boundary + 1;
    parts.push(body.slice(start, end));
    start = end;
  }
  return parts;
}

/** A whole stored snapshot as one read in parts (for stores that read bodies whole). */
export function wholeInParts(stored: StoredSnapshot | null): SnapshotInParts | null {
  if (!stored) return null;
  const { revision, lastEventId, digest, body } = stored;
  return {
    revision,
    lastEventId,
    digest,
    async *parts() {
      yield* bodyParts(body);
    },
  };
}

/** The digest of a serialised snapshot body. */
export function digestOf(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

/**
 * Each element's JSON, kept while the element object lives: the scene fold replaces element
 * objects and never changes them, so a snapshot serialises only what changed since the last.
 */
const elementJson = new WeakMap<SceneElement, string>();

function jsonOf(element: SceneElement): string {
  let json = elementJson.get(element);
  if (json === undefined) {
    json = JSON.stringify(element);
    elementJson.set(element, json);
  }
  return json;
}

/** Serialises a snapshot for storage. */
export function storedSnapshot(snapshot: SceneSnapshot): StoredSnapshot {
  const body = `[${snapshot.elements.map(jsonOf).join(SNAPSHOT_SEPARATOR)}]`;
  return {
    revision: snapshot.revision,
    lastEventId: snapshot.lastEventId,
    body,
    digest: digestOf(body),
  };
}

/** The snapshot a stored one holds, or null when its body does not match its digest. */
export function readSnapshot(stored: StoredSnapshot): SceneSnapshot | null {
  if (digestOf(stored.body) !== stored.digest) return null;
  return {
    revision: stored.revision,
    lastEventId: stored.lastEventId,
    elements: JSON.parse(stored.body) as SceneElement[],
  };
}
