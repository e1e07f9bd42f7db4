import { excalidrawElement } from '@tabula/testing';
import type { SceneElement } from '@tabula/domain';

export { excalidrawElement };

/** A minimal rectangle element for tests. */
export function rect(id: string, version = 1, extra: Partial<SceneElement> = {}): SceneElement {
  return {
    id,
    type: 'rectangle',
    version,
    versionNonce: version * 7 + id.length,
    isDeleted: false,
    index: `a${id}`,
    x: version,
    y: 0,
    width: 10,
    height: 10,
    ...extra,
  };
}

/** Lets pending promise callbacks (acks) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Sequential ids: e-1, e-2, … */
export function sequentialIds(prefix = 'e'): () => string {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

/** A freedraw stroke with `count` points (the first at 0,0), as Excalidraw grows one. */
export function stroke(id: string, count: number, version = count): SceneElement {
  const points = Array.from({ length: count }, (_, i) => [i * 3, i * 2]);
  return rect(id, version, {
    type: 'freedraw',
    x: 100,
    points,
    pressures: points.map(() => 0.5),
  });
}

/** `count` complete Excalidraw rectangles, ids `${prefix}-0`, … */
export function excalidrawRectangles(prefix: string, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) =>
    excalidrawElement({
      id: `${prefix}-${i}`,
      versionNonce: 1000 + i,
      index: `a${i}`,
      x: 100 + i * 90,
      y: 120,
      seed: 1 + i,
    }),
  );
}
