/**
 * View-only links: the owner creates, lists and revokes them; a viewer's token opens the
 * canvas it was made for and nothing else. A link's secret (256 random bits) is returned once,
 * at creation; the log and the read models keep only its SHA-256.
 */
import { DomainError, NOT_ALLOWED, SHARE_LINK_NOT_FOUND } from '@tabula/domain';
import type { CreatedShareLink, ShareLinkSummary, ViewLinkInfo } from '@tabula/domain/protocol';
import type { AppContext } from '../../../appContext';
import { hashOfToken, newSecretToken } from '../../auth/sessionTokens';
import type { CanvasesService } from '../canvases.service';
import { canvasDoc } from '../projections/canvases.projection';
import { shareLinksOf, viewTokenDoc } from '../projections/shareLinks.projection';

/** A link token as `newSecretToken` makes them (32 bytes, base64url). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What an open view link gives its viewer. */
export interface OpenedViewLink extends ViewLinkInfo {
  linkId: string;
}

export class ShareLinks {
  constructor(
    private readonly canvases: CanvasesService,
    private readonly context: Pick<AppContext, 'readModels' | 'newId'>,
  ) {}

  async create(userId: string, canvasId: string): Promise<CreatedShareLink> {
    await this.canvases.readable(userId, canvasId);
    const { token, hash } = newSecretToken();
    const linkId = this.context.newId();
    const result = await this.canvases.execute(userId, {
      type: 'CreateShareLink',
      data: { canvasId, linkId, tokenHash: hash },
    });
    const [created] = result.events as { metadata: { occurredAt: string } }[];
    return { linkId, createdAt: created!.metadata.occurredAt, token };
  }

  /** The canvas's active links: the owner's list (a collaborator gets 403, a stranger 404). */
  async list(userId: string, canvasId: string): Promise<ShareLinkSummary[]> {
    const canvas = await this.canvases.readable(userId, canvasId);
    if (canvas.ownerId !== userId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
    return shareLinksOf(this.context.readModels, canvasId);
  }

  async revoke(userId: string, canvasId: string, linkId: string): Promise<{ linkId: string }> {
    await this.canvases.readable(userId, canvasId);
    await this.canvases.execute(userId, { type: 'RevokeShareLink', data: { canvasId, linkId } });
    return { linkId };
  }

  /** What `token` opens; NOT_FOUND for anything else (malformed, unknown, revoked, deleted). */
  async open(token: unknown): Promise<OpenedViewLink> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token))
      throw new DomainError('NOT_FOUND', SHARE_LINK_NOT_FOUND);
    const link = await viewTokenDoc(this.context.readModels, hashOfToken(token));
    const canvas = link && (await canvasDoc(this.context.readModels, link.canvasId));
    if (!link || !canvas) throw new DomainError('NOT_FOUND', SHARE_LINK_NOT_FOUND);
    return { canvasId: link.canvasId, linkId: link.linkId, name: canvas.name };
  }
}
