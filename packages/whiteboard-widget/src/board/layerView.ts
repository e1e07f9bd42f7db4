/**
 * The part of the editor's view a layer drawn over it follows (the peer layer, the replay's
 * playback layer): Excalidraw's scroll, zoom and size, and its rule from scene to screen.
 */

/** What part of the scene the board shows, as Excalidraw's app state has it. */
export interface LayerView {
  scrollX: number;
  scrollY: number;
  zoom: number;
  /** The board's size in CSS pixels. */
  width: number;
  height: number;
}

/** The view from Excalidraw's app state. */
export function viewOf(appState: {
  scrollX: number;
  scrollY: number;
  zoom: { value: number };
  width: number;
  height: number;
}): LayerView {
  const { scrollX, scrollY, width, height } = appState;
  return { scrollX, scrollY, zoom: appState.zoom.value, width, height };
}

/** True when both views show the same (a null one never does). */
export function sameView(a: LayerView | null, b: LayerView): boolean {
  return (
    a !== null &&
    a.scrollX === b.scrollX &&
    a.scrollY === b.scrollY &&
    a.zoom === b.zoom &&
    a.width === b.width &&
    a.height === b.height
  );
}

/** A scene point on the layer, in CSS pixels from its top left (Excalidraw's viewport rule). */
export function sceneToLayer(
  point: { x: number; y: number },
  view: LayerView,
): { x: number; y: number } {
  return { x: (point.x + view.scrollX) * view.zoom, y: (point.y + view.scrollY) * view.zoom };
}
