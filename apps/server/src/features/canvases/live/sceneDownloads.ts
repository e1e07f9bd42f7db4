/**
 * Large scenes over HTTP (PROTOCOL.md "Joining a large canvas"). A join that asked for
 * `download` and whose scene is too large for its ack gets a one-time ticket instead of
 * `scene-chunk` messages; `GET /canvas/scene-download/:ticket` (`sceneDownload.routes.ts`)
 * answers that scene's JSON. Browsers receive HTTP far faster than they take WebSocket messages
 * (Chromium reads 15–23 MB/s of a scene sent as chunks, docs/performance.md), and the body is
 * compressed once per canvas revision (`CompressedScene`), starting as the ticket is issued (so
 * by the time the joiner asks, some of it is ready), and kept for the next joiners: a class
 * opening one board pays for it once.
 *
 * A ticket names the canvas, the revision the room told the joiner and that revision's texts;
 * it is good for one request within `SCENE_DOWNLOAD_TTL_MS`, and it is the only capability the
 * request needs (the join checked the member). On several nodes the load balancer's sticky
 * cookie brings the request to the node that issued it; a request that reaches another node
 * gets 404 and the client joins again for chunks.
 */
import { randomBytes } from 'node:crypto';
import { API_PATHS, SCENE_DOWNLOAD_TTL_MS, apiPath } from '@tabula/domain/protocol';
import type { JoinCanvasDownload } from '@tabula/domain/protocol';
import { CompressedScene, arrayLength } from './compressedScene';

interface Ticket {
  body: CompressedScene;
  expiresAt: number;
}

interface KeptScene {
  revision: number;
  body: CompressedScene;
}

export interface SceneDownloadLimits {
  /** Compressed bytes kept for later joiners, over all canvases (least recently used out). */
  keptBytes: number;
  /** Tickets waiting at most; beyond, joins get chunks. */
  tickets: number;
}

const DEFAULT_LIMITS: SceneDownloadLimits = { keptBytes: 64 * 1024 * 1024, tickets: 10_000 };

export class SceneDownloads {
  private readonly tickets = new Map<string, Ticket>();
  private readonly kept = new Map<string, KeptScene>();
  private readonly limits: SceneDownloadLimits;

  constructor(
    limits: Partial<SceneDownloadLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** A ticket for the scene `texts` of `canvasId` at `revision`; null when too many wait. */
  issue(canvasId: string, revision: number, texts: readonly string[]): JoinCanvasDownload | null {
    this.dropExpired();
    if (this.tickets.size >= this.limits.tickets) return null;
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, {
      body: this.body(canvasId, revision, texts),
      expiresAt: this.now() + SCENE_DOWNLOAD_TTL_MS,
    });
    return {
      kind: 'download',
      canvasId,
      revision,
      path: apiPath(API_PATHS.sceneDownload, ticket),
      elements: texts.length,
      bytes: arrayLength(texts),
    };
  }

  /**
   * The compressed scene a ticket names, used up by this call; undefined for a ticket that is
   * unknown, used or expired.
   */
  redeem(ticket: string): CompressedScene | undefined {
    this.dropExpired();
    const found = this.tickets.get(ticket);
    if (!found) return undefined;
    this.tickets.delete(ticket);
    return found.body;
  }

  /** Tickets not yet used or expired. */
  get waiting(): number {
    this.dropExpired();
    return this.tickets.size;
  }

  /** The kept body of this revision, or a new one (kept unless a newer revision is). */
  private body(canvasId: string, revision: number, texts: readonly string[]): CompressedScene {
    const kept = this.kept.get(canvasId);
    if (kept && kept.revision > revision) return new CompressedScene(texts);
    // Re-inserting keeps the map in least recently used order.
    this.kept.delete(canvasId);
    if (kept && kept.revision === revision && !kept.body.failed) {
      this.kept.set(canvasId, kept);
      return kept.body;
    }
    const body = new CompressedScene(texts);
    this.kept.set(canvasId, { revision, body });
    this.trim();
    return body;
  }

  /** Drops the least recently used canvases' bodies while the kept bytes are over budget. */
  private trim(): void {
    let bytes = 0;
    for (const { body } of this.kept.values()) bytes += body.bytes;
    for (const [canvasId, { body }] of this.kept) {
      if (bytes <= this.limits.keptBytes || this.kept.size === 1) break;
      this.kept.delete(canvasId);
      bytes -= body.bytes;
    }
  }

  private dropExpired(): void {
    const now = this.now();
    // Tickets are kept in the order they were issued, so the expired ones come first.
    for (const [ticket, { expiresAt }] of this.tickets) {
      if (expiresAt > now) break;
      this.tickets.delete(ticket);
    }
  }
}
