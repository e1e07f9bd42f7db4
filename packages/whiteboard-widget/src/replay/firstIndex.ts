/**
 * The first index in [0, count) for which `reached` holds, or `count`: a binary search, for a
 * `reached` that is false up to some index and true from there on.
 */
export function firstIndex(count: number, reached: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (reached(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
