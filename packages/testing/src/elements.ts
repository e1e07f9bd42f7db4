/**
 * A complete Excalidraw element for tests that put content on a real board or send it to a
 * real server: the domain's `completeElement` (every field Excalidraw keeps, so the editor
 * renders it as drawn). A rectangle unless `fields` say otherwise.
 */
import { completeElement } from '@tabula/domain';

export function excalidrawElement(fields: Record<string, unknown>): Record<string, unknown> {
  return completeElement(fields) as unknown as Record<string, unknown>;
}
