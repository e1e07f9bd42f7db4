/** Wire limits (PROTOCOL.md "Limits"); the server enforces them and clients respect them. */

/** Largest Socket.IO message the server accepts (`maxHttpBufferSize`): 256 KB. */
export const MAX_SOCKET_MESSAGE_BYTES = 256 * 1024;

/** Most elements one `canvas-update` (one `LineDrawn`) may carry. */
export const MAX_ELEMENTS_PER_UPDATE = 1000;

/** Points per element (freedraw, lines), and so times per element in a commit's `timing`. */
export const MAX_POINTS_PER_ELEMENT = 10_000;

/** `ink`: at most this many whole elements and point patches in one message. */
export const MAX_INK_ELEMENTS = 100;
export const MAX_INK_PATCHES = 100;
