/**
 * The JSON array of a scene's elements, made a few milliseconds at a time between the page's
 * other work. Keeping a 5,000-element scene on the device stringified 6 MB in one task of
 * 100–300 ms every few seconds while peers drew: a long task that took pointer moves from
 * whoever was drawing on that page (the crowd case in docs/performance.md).
 */
import type { SceneElement } from '@tabula/domain';
import type { Scheduler } from '../scheduler';

/** Stringifying time per task. */
const SLICE_MS = 6;

export async function jsonInSlices(
  elements: readonly SceneElement[],
  scheduler: Scheduler,
): Promise<string> {
  const texts: string[] = [];
  let at = 0;
  while (at < elements.length) {
    const began = scheduler.now();
    do texts.push(JSON.stringify(elements[at++]));
    while (at < elements.length && scheduler.now() - began < SLICE_MS);
    if (at < elements.length) await new Promise<void>((resolve) => scheduler.schedule(resolve, 0));
  }
  return `[${texts.join(',')}]`;
}
