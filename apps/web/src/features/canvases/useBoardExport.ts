import { useCallback, useRef, useState } from 'react';
import type { WhiteboardHandle } from '@tabula/whiteboard';
import { useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';
import { boardImage, downloadBlob, exportFileName } from './exportBoard';
import type { BoardExportScope, BoardImageFormat } from './exportBoard';

/**
 * Export PNG / SVG from the canvas header: `boardRef` and `onSelectionChange` go to
 * `CanvasBoard`; `exportBoard` saves the drawing as it is on the board now (or, scope
 * 'selection', what is selected on it), named after the canvas; `hasSelection` tells the
 * header's menu to offer the selection.
 */
export function useBoardExport(title: string) {
  const services = useServices();
  const boardRef = useRef<WhiteboardHandle | null>(null);
  const [exporting, setExporting] = useState(false);
  const [hasSelection, setHasSelection] = useState(false);
  const onSelectionChange = useCallback(
    (ids: readonly string[]) => setHasSelection(ids.length > 0),
    [],
  );

  const exportBoard = useCallback(
    (format: BoardImageFormat, scope: BoardExportScope = 'board') => {
      const handle = boardRef.current;
      if (!handle || exporting) return;
      setExporting(true);
      boardImage(handle, format, scope)
        .then((blob) => downloadBlob(blob, exportFileName(title, format, scope)))
        .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'))
        .finally(() => setExporting(false));
    },
    [services, title, exporting],
  );

  return { boardRef, exportBoard, exporting, hasSelection, onSelectionChange };
}

/** The canvas header's export props, bound to `useBoardExport`. */
export function exportHeaderProps(board: ReturnType<typeof useBoardExport>) {
  return {
    onExport: board.exportBoard,
    exporting: board.exporting,
    exportSelection: board.hasSelection,
  };
}
