/**
 * Bounds the DTOs enforce beyond `shared/limits.ts` (names) and `protocol/limits.ts`
 * (message size, elements per update).
 */

/** Ids (user, canvas, event): 1..100 characters from this set. */
export const MAX_ID_LENGTH = 100;
export const ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Passwords: 8..128 characters (not trimmed). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The server-generated avatar (an SVG data URL) as echoed by `online`. */
export const MAX_PROFILE_PHOTO_LENGTH = 64 * 1024;

/** `invite-user`'s ignored `lines`: at most this many characters of JSON. */
export const MAX_LINES_JSON_LENGTH = 100_000;

/** Deepest nesting a payload may have (Excalidraw elements need about 5). */
export const MAX_PAYLOAD_DEPTH = 32;

/** Element fields: id length, fractional index length (points per element: protocol/limits). */
export const MAX_ELEMENT_ID_LENGTH = 100;
export const MAX_ELEMENT_INDEX_LENGTH = 200;

/** Pointer coordinates and tool name. */
export const MAX_POINTER_COORDINATE = 1e9;
export const MAX_POINTER_TOOL_LENGTH = 32;

export { MAX_INK_ELEMENTS, MAX_INK_PATCHES, MAX_POINTS_PER_ELEMENT } from '../protocol/limits';

/** Elements a selective restore may name at most. */
export const MAX_ELEMENTS_PER_RESTORE = 10_000;
