/**
 * How the collaboration engine moves image files: Excalidraw keeps an image's bytes apart from
 * its `image` element, in a map by `fileId`, and the engine uploads the ones this client added
 * and fetches the ones it lacks. `httpFileTransport` does it with the server's two file calls
 * (PROTOCOL.md "Image files"); a host may give another.
 */
import { VIEW_TOKEN_HEADER, filePath } from '@tabula/domain/protocol';
import { labelledByContent } from './imageType';
import type { ImageFile, ImageFiles } from './imageType';

export type { ImageFile, ImageFiles };

/** The server refused the file for good (too large, not an image, …): its message, to show. */
export class FileRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'FileRefusedError';
  }
}

export interface FileTransport {
  /**
   * Stores the file for the canvas. Rejects with `FileRefusedError` when the server refuses it
   * (trying again would not help), with any other error when it may work later.
   */
  upload(canvasId: string, file: ImageFile): Promise<void>;
  /** The canvas's file `fileId`, or null while the server has none (not uploaded yet). */
  download(canvasId: string, fileId: string): Promise<ImageFile | null>;
}

/** Options of `httpFileTransport`. */
export interface HttpFileTransportOptions {
  /** The server's origin ('' or absent: the page's own). */
  baseUrl?: string;
  /** The session token, read on every call. */
  token: () => string | null;
  /** A view link's token instead of a session: downloads only (see `viewLinkTransport`). */
  viewToken?: string;
  fetch?: typeof fetch;
}

/** Statuses worth trying again later: timeouts, rate limits and server errors. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/** The bytes of a response as a data URL (no DOM needed). */
function toDataURL(bytes: Uint8Array, mimeType: string): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${mimeType};base64,${btoa(binary)}`;
}

/** A `FileTransport` over `POST /canvas/file/:id` and `GET /canvas/file/:id/:fileId`. */
export function httpFileTransport(options: HttpFileTransportOptions): FileTransport {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const headers = (): Record<string, string> => {
    if (options.viewToken) return { [VIEW_TOKEN_HEADER]: options.viewToken };
    const token = options.token();
    return token ? { 'auth-token': token } : {};
  };
  return {
    async upload(canvasId, given) {
      const file = labelledByContent(given);
      const response = await doFetch(`${baseUrl}${filePath(canvasId)}`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ fileId: file.id, mimeType: file.mimeType, dataURL: file.dataURL }),
      });
      if (response.ok) return;
      const envelope = (await response.json().catch(() => ({}))) as { message?: string };
      const message = envelope.message ?? `The image could not be saved (${response.status}).`;
      if (isTransient(response.status)) throw new Error(message);
      throw new FileRefusedError(response.status, message);
    },
    async download(canvasId, fileId) {
      const response = await doFetch(`${baseUrl}${filePath(canvasId, fileId)}`, {
        headers: headers(),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`The image could not be fetched (${response.status}).`);
      const mimeType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { id: fileId, mimeType, dataURL: toDataURL(bytes, mimeType), created: Date.now() };
    },
  };
}
