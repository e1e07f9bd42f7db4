import { useCallback, useRef, useState } from 'react';
import type { WhiteboardHandle } from '@tabula/whiteboard';
import { useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';
import { boardImage, downloadBlob, exportFileName } from './exportBoard';
import type { BoardImageFormat } from './exportBoard';

/**
 * Export PNG / SVG from the canvas header: `boardRef` goes to `CanvasBoard`; `exportBoard`
 * saves the drawing as it is on the board now, named after the canvas.
 */
export function useBoardExport(title: string) {
  const services = useServices();
  const boardRef = useRef<WhiteboardHandle | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportBoard = useCallback(
    (format: BoardImageFormat) => {
      const handle = boardRef.current;
      if (!handle || exporting) return;
      setExporting(true);
      boardImage(handle, format)
        .then((blob) => downloadBlob(blob, exportFileName(title, format)))
        .catch((error: unknown) => services.showAlert(errorMessage(error), 'danger'))
        .finally(() => setExporting(false));
    },
    [services, title, exporting],
  );

  return { boardRef, exportBoard, exporting };
}
