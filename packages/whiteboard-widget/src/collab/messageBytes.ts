import { MAX_SOCKET_MESSAGE_BYTES } from '@tabula/domain/protocol';

/** Room left in a message for its envelope (event name, canvas id, event id, framing). */
const ENVELOPE_BYTES = 4 * 1024;

/** The most bytes of elements (and patches) one message carries, under the server's limit. */
export const MAX_PAYLOAD_BYTES = MAX_SOCKET_MESSAGE_BYTES - ENVELOPE_BYTES;

const encoder = new TextEncoder();

/** Bytes of `value` as JSON (what Socket.IO writes). */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}
