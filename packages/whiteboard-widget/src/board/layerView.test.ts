import { describe, expect, it } from 'vitest';
import { sameView, sceneToLayer, viewOf } from './layerView';

const appState = { scrollX: -100, scrollY: 40, zoom: { value: 2 }, width: 800, height: 600 };

describe('the view a layer over the board follows', () => {
  it('reads scroll, zoom and size from Excalidraw’s app state', () => {
    expect(viewOf(appState)).toEqual({
      scrollX: -100,
      scrollY: 40,
      zoom: 2,
      width: 800,
      height: 600,
    });
  });

  it('puts a scene point where Excalidraw draws it: (scene + scroll) × zoom', () => {
    const view = viewOf(appState);
    expect(sceneToLayer({ x: 100, y: -40 }, view)).toEqual({ x: 0, y: 0 });
    expect(sceneToLayer({ x: 150, y: 10 }, view)).toEqual({ x: 100, y: 100 });
    expect(sceneToLayer({ x: 0, y: 0 }, { ...view, zoom: 0.5 })).toEqual({ x: -50, y: 20 });
  });

  it('tells a moved, zoomed or resized view from the same one', () => {
    const view = viewOf(appState);
    expect(sameView(view, { ...view })).toBe(true);
    expect(sameView(null, view)).toBe(false);
    for (const change of [{ scrollX: 0 }, { scrollY: 0 }, { zoom: 1 }, { width: 1 }, { height: 1 }])
      expect(sameView(view, { ...view, ...change })).toBe(false);
  });
});
