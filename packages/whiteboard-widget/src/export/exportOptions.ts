/** Options of `exportPng`/`exportSvg`. */
export interface WhiteboardExportOptions {
  /** Paint the backdrop behind the drawing (default true). */
  background?: boolean;
  /** Padding around the drawing in pixels (Excalidraw's default when absent). */
  padding?: number;
  /**
   * Only the selected elements (`getSelectedElementIds`), with the text bound to them and the
   * contents of selected frames; rejects when nothing is selected.
   */
  onlySelected?: boolean;
}
