/**
 * The active view links of each canvas, with the queries that read them: one hash per canvas
 * (field = link id) for the owner's list, and one document per token hash for a viewer's
 * token. Revoked links and the links of a deleted canvas are dropped.
 */
import type { CanvasEvent, Event } from '@tabula/domain';
import type { ShareLinkSummary } from '@tabula/domain/protocol';
import type { ReadModelStore } from '../../../infrastructure/readModels/readModelStore';
import {
  deleteDoc,
  dropKey,
  hashDelete,
  hashSet,
  putDoc,
} from '../../../infrastructure/readModels/readModelStore';
import type { Projection } from '../../../projections/projection';

const linksKey = (canvasId: string) => `shareLinks:${canvasId}`;
const VIEW_TOKENS = 'viewTokens';

interface StoredLink extends ShareLinkSummary {
  tokenHash: string;
}

/** What a view token opens. */
export interface ViewTokenDoc {
  canvasId: string;
  linkId: string;
}

export const shareLinksProjection: Projection = {
  name: 'shareLinks',
  handles: new Set(['ShareLinkCreated', 'ShareLinkRevoked', 'CanvasDeleted']),
  async project(record, readModels) {
    const event = record.event as Event as CanvasEvent;
    const key = linksKey(event.data.canvasId);
    switch (event.type) {
      case 'ShareLinkCreated': {
        const { canvasId, linkId, tokenHash } = event.data;
        const link: StoredLink = { linkId, tokenHash, createdAt: event.metadata.occurredAt };
        return [
          hashSet(key, linkId, link),
          putDoc(VIEW_TOKENS, tokenHash, { canvasId, linkId } satisfies ViewTokenDoc),
        ];
      }
      case 'ShareLinkRevoked':
        return [hashDelete(key, event.data.linkId), deleteDoc(VIEW_TOKENS, event.data.tokenHash)];
      case 'CanvasDeleted': {
        const links = await readModels.hashGetAll<StoredLink>(key);
        return [
          ...[...links.values()].map((link) => deleteDoc(VIEW_TOKENS, link.tokenHash)),
          dropKey('hash', key),
        ];
      }
      default:
        return [];
    }
  },
};

/** The canvas's active links, oldest first (without their hashes). */
export async function shareLinksOf(
  readModels: ReadModelStore,
  canvasId: string,
): Promise<ShareLinkSummary[]> {
  const links = await readModels.hashGetAll<StoredLink>(linksKey(canvasId));
  return [...links.values()]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(({ linkId, createdAt }) => ({ linkId, createdAt }));
}

/** What the token with this hash opens, or null (unknown or revoked). */
export function viewTokenDoc(
  readModels: ReadModelStore,
  tokenHash: string,
): Promise<ViewTokenDoc | null> {
  return readModels.get<ViewTokenDoc>(VIEW_TOKENS, tokenHash);
}
