/**
 * View-only links (PROTOCOL.md "View links"): the owner creates and revokes them over REST;
 * anyone holding one opens the canvas read-only through the Socket.IO namespace
 * `VIEW_NAMESPACE`, with the link's token as `auth: { viewToken }` and no account.
 */

/** The Socket.IO namespace of view-link sockets. */
export const VIEW_NAMESPACE = '/view';

/** The header with which a viewer reads the canvas's image files (no account). */
export const VIEW_TOKEN_HEADER = 'view-token';

/** The web app's page for a view link: `/view/<token>`. */
export const VIEW_LINK_ROUTE = '/view/:token';

/** An active link, as the owner lists it (its token is shown only once, at creation). */
export interface ShareLinkSummary {
  linkId: string;
  /** ISO-8601. */
  createdAt: string;
}

/** POST /canvas/share/:id → `ApiResponse<CreatedShareLink>` */
export interface CreatedShareLink extends ShareLinkSummary {
  /** The secret of the link (256 random bits, base64url); the server keeps only its hash. */
  token: string;
}

/** POST /canvas/unshare/:id */
export interface UnshareRequest {
  linkId: string;
}

/** GET /canvas/view/:token (no account) → `ApiResponse<ViewLinkInfo>`, 404 once revoked. */
export interface ViewLinkInfo {
  canvasId: string;
  name: string;
}
