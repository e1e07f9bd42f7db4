/**
 * The rules an uploaded image must pass before anything is stored: a bounded `fileId`, an
 * allowed image type, a base64 data URL of that type, at most 4 MB of bytes, bytes whose
 * magic number is the declared type's, and for SVG the sanitiser's approval. Each refusal is
 * an error with a message for the user; nothing here stores anything.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '@tabula/domain';
import {
  FILE_CONTENT_MISMATCH,
  FILE_ID_PATTERN,
  FILE_MIME_TYPES,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ALLOWED,
  FILE_UNSAFE_SVG,
  INVALID_DATA_URL,
  INVALID_FILE_ID,
  MAX_FILE_BYTES,
} from '@tabula/domain/protocol';
import type { FileMimeType } from '@tabula/domain/protocol';
import { HttpProblem } from '../../../http/toHttpError';
import { isSafeSvg, svgText } from './svgSafety';

/** An image that passed every rule, ready to store. */
export interface CheckedImage {
  fileId: string;
  mimeType: FileMimeType;
  bytes: Buffer;
  /** SHA-256 of the bytes, base64url: the key the bytes are stored under. */
  hash: string;
}

const FIELDS = ['fileId', 'mimeType', 'dataURL'] as const;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Does the start of `bytes` say it is a `mimeType` image? */
const MAGIC: Record<Exclude<FileMimeType, 'image/svg+xml'>, (bytes: Uint8Array) => boolean> = {
  'image/png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/gif': (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')),
  'image/webp': (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
};

const invalid = (message: string) => new DomainError('INVALID', message);

function isAllowedType(mimeType: string): mimeType is FileMimeType {
  return (FILE_MIME_TYPES as readonly string[]).includes(mimeType);
}

/** The most base64 characters `MAX_FILE_BYTES` can take (checked before decoding anything). */
const MAX_BASE64_LENGTH = Math.ceil(MAX_FILE_BYTES / 3) * 4;

/** Checks an upload body against every rule; throws the first refusal. */
export function checkImageUpload(body: unknown): CheckedImage {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('The request must be a JSON object.');
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (extra !== undefined) throw invalid(`${extra} is not an allowed field.`);
  for (const field of FIELDS)
    if (typeof record[field] !== 'string') throw invalid(`${field} is required.`);
  const { fileId, mimeType, dataURL } = record as Record<(typeof FIELDS)[number], string>;
  if (!FILE_ID_PATTERN.test(fileId)) throw invalid(INVALID_FILE_ID);
  if (!isAllowedType(mimeType)) throw new HttpProblem(415, FILE_TYPE_NOT_ALLOWED);
  const prefix = `data:${mimeType};base64,`;
  if (!dataURL.startsWith(prefix)) throw invalid(INVALID_DATA_URL);
  const base64 = dataURL.slice(prefix.length);
  if (base64.length > MAX_BASE64_LENGTH + 4) throw new HttpProblem(413, FILE_TOO_LARGE);
  if (base64.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
    throw invalid(INVALID_DATA_URL);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw new HttpProblem(413, FILE_TOO_LARGE);
  checkContent(mimeType, bytes);
  return {
    fileId,
    mimeType,
    bytes,
    hash: createHash('sha256').update(bytes).digest('base64url'),
  };
}

function checkContent(mimeType: FileMimeType, bytes: Buffer): void {
  if (mimeType !== 'image/svg+xml') {
    if (!MAGIC[mimeType](bytes)) throw new HttpProblem(415, FILE_CONTENT_MISMATCH);
    return;
  }
  // An SVG is text: one whose bytes start like a raster image, or hold no <svg>, is not one.
  const looksRaster = Object.values(MAGIC).some((isType) => isType(bytes));
  const text = looksRaster ? null : svgText(bytes);
  if (text === null) throw new HttpProblem(415, FILE_CONTENT_MISMATCH);
  if (!isSafeSvg(text)) throw invalid(FILE_UNSAFE_SVG);
}
