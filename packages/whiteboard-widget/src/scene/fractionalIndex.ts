import type { SceneElement } from '@tabula/domain';

/**
 * True for a well-formed fractional index key as Excalidraw makes them (the
 * `fractional-indexing` format: a head letter giving the integer part's length, base-62
 * digits, no trailing zero in the fractional part). Excalidraw throws on a malformed key, so
 * one bad element from a peer would break every board showing it.
 */
export function isValidFractionalIndex(key: string): boolean {
  if (!/^[0-9A-Za-z]+$/.test(key)) return false;
  const head = key.charCodeAt(0);
  let integerLength: number;
  if (head >= 97 && head <= 122) integerLength = head - 97 + 2;
  else if (head >= 65 && head <= 90) integerLength = 90 - head + 2;
  else return false;
  if (key.length < integerLength) return false;
  if (key === `A${'0'.repeat(26)}`) return false;
  return !key.slice(integerLength).endsWith('0');
}

/**
 * The elements with any malformed `index` replaced by `null` (Excalidraw then gives them a
 * valid one, as a new change that reaches every replica). Well-formed elements are returned
 * as they are.
 */
export function withValidIndices(elements: readonly SceneElement[]): SceneElement[] {
  return elements.map((element) =>
    element.index === null ||
    (typeof element.index === 'string' && isValidFractionalIndex(element.index))
      ? element
      : { ...element, index: null },
  );
}
