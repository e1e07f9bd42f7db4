/**
 * Whether an SVG may be kept as an image of a canvas. Refuses, rather than rewrites, anything
 * that could act beyond drawing itself: scripts, event-handler attributes, `foreignObject`
 * (embedded HTML), references outside the document (links, `url(…)`, `@import`, entities) and
 * animations that set links. The served copy is sandboxed by its CSP too; this is the first wall.
 */
/** Data URLs an SVG may hold (Excalidraw's exports embed fonts and raster images so). */
const INLINE = 'data:(?:image/(?:png|jpeg|gif|webp)|font/[a-z0-9-]+)[;,]';

const UNSAFE_PATTERNS: readonly RegExp[] = [
  // <script>, <svg:script>
  /<\s*(?:[\w-]+:)?script\b/i,
  // onload=, onclick=, … (any attribute named on…)
  /[\s"'/](?:[\w-]+:)?on[a-z]+\s*=/i,
  /<\s*(?:[\w-]+:)?foreignObject\b/i,
  // Doctypes and entities can pull in external content (XXE) or hide names.
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  // A link or reference that is not to a fragment of this document or an inline raster/font.
  new RegExp(`\\bhref\\s*=\\s*(?!["']\\s*(?:#|${INLINE}))`, 'i'),
  new RegExp(`url\\s*\\(\\s*(?!["']?\\s*(?:#|${INLINE}))`, 'i'),
  /@import/i,
  /javascript:/i,
  // An animation (or <set>) that would change a link.
  /attributeName\s*=\s*["']?\s*(?:[\w-]+:)?href/i,
  /<\s*(?:[\w-]+:)?(?:iframe|embed|object|audio|video|image)\b[^>]*\bsrc\s*=/i,
];

/** The SVG's text, or null when its bytes are not UTF-8 text holding an `<svg` root. */
export function svgText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return /<\s*(?:[\w-]+:)?svg[\s>]/i.test(text) ? text : null;
}

/** True when the SVG text holds nothing that scripts, embeds HTML or reaches elsewhere. */
export function isSafeSvg(text: string): boolean {
  return !UNSAFE_PATTERNS.some((pattern) => pattern.test(text));
}
