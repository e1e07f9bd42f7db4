import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import type { WhiteboardExportOptions } from '../Whiteboard.types';
import { NOTHING_SELECTED, selectedIds, selectionForExport } from './selection';

/** What Excalidraw's exportToBlob / exportToSvg take: the drawing, or the selection of it. */
export function exportInput(api: ExcalidrawImperativeAPI, options: WhiteboardExportOptions) {
  const appState = api.getAppState();
  const elements = options.onlySelected
    ? selectionForExport(api.getSceneElements(), selectedIds(appState.selectedElementIds))
    : api.getSceneElements();
  if (options.onlySelected && elements.length === 0) throw new Error(NOTHING_SELECTED);
  return {
    elements,
    appState: { ...appState, exportBackground: options.background ?? true },
    files: api.getFiles(),
    exportPadding: options.padding,
  };
}
