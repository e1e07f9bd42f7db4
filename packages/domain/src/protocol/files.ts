/**
 * Image files of a canvas (PROTOCOL.md "Image files"): what a client uploads once per file and
 * fetches back, the limits the server holds it to, and the messages of its refusals. Excalidraw
 * keeps an image's bytes apart from its `image` element, in a map by `fileId`; these calls carry
 * that map's entries between clients.
 */
import type { ApiResponse } from './rest';

/** The image types a canvas may hold (SVG only once it passes the server's sanitiser). */
export const FILE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
] as const;

export type FileMimeType = (typeof FILE_MIME_TYPES)[number];

/** The most bytes an image may have once decoded (4 MB, as Excalidraw's own limit). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** A `fileId`: Excalidraw's (a SHA-1 in hex, or a nanoid), 1 to 100 of [A-Za-z0-9_-]. */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** POST /canvas/file/:id: one of Excalidraw's files (`BinaryFileData` without `created`). */
export interface FileUploadRequest {
  fileId: string;
  mimeType: string;
  /** `data:<mimeType>;base64,<bytes>` */
  dataURL: string;
}

/** What the server keeps of an uploaded file: `hash` is the SHA-256 of its bytes (base64url). */
export interface StoredFileInfo {
  fileId: string;
  mimeType: FileMimeType;
  size: number;
  hash: string;
}

/** `POST /canvas/file/:id` → `ApiResponse<StoredFileInfo>` (201 the first time, 200 again). */
export type FileUploadResponse = ApiResponse<StoredFileInfo>;

/** `GET /canvas/file/:id/:fileId` answers the bytes themselves, with their content type. */
export function filePath(canvasId: string, fileId?: string): string {
  const base = `/canvas/file/${encodeURIComponent(canvasId)}`;
  return fileId === undefined ? base : `${base}/${encodeURIComponent(fileId)}`;
}

export const FILE_TOO_LARGE = 'Images may be at most 4 MB.';
export const FILE_TYPE_NOT_ALLOWED = 'Only PNG, JPEG, WebP, GIF and SVG images can be added.';
export const FILE_CONTENT_MISMATCH = 'The file is not the image type it claims to be.';
export const FILE_UNSAFE_SVG =
  'This SVG image cannot be added: it holds scripts, event handlers, embedded HTML or external references.';
export const INVALID_FILE_ID = 'fileId must be 1 to 100 letters, digits, - or _.';
export const INVALID_DATA_URL = 'dataURL must be a base64 data URL of the declared mimeType.';
export const FILE_ID_TAKEN = 'That fileId already names another image on this canvas.';
export const FILE_NOT_FOUND = 'File not found.';
