/**
 * The element types a canvas accepts: Excalidraw's drawing types. Embeds (`iframe`,
 * `embeddable`) are refused, because they would load third-party pages into every
 * collaborator's browser.
 */
export const ALLOWED_ELEMENT_TYPES: readonly string[] = Object.freeze([
  'selection',
  'rectangle',
  'diamond',
  'ellipse',
  'arrow',
  'line',
  'freedraw',
  'text',
  'image',
  'frame',
  'magicframe',
]);

/** True when `type` is one of `ALLOWED_ELEMENT_TYPES`. */
export function isAllowedElementType(type: unknown): boolean {
  return typeof type === 'string' && ALLOWED_ELEMENT_TYPES.includes(type);
}
