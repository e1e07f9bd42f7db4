import { useCallback, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import type {
  CanvasPersistence,
  ImageFile,
  RefusedOfflineChanges,
} from '@tabula/whiteboard/collab';
import { downloadBlob, exportBaseName } from './exportBoard';

/**
 * An Excalidraw file (`.excalidraw`, which Excalidraw opens) of the refused changes' elements,
 * with the image files they show.
 */
export function excalidrawFile(
  elements: readonly SceneElement[],
  files: readonly ImageFile[],
  source: string,
): Blob {
  const shown = new Set(elements.map((element) => (element as { fileId?: unknown }).fileId));
  const document = {
    type: 'excalidraw',
    version: 2,
    source,
    elements,
    appState: {},
    files: Object.fromEntries(files.filter((file) => shown.has(file.id)).map((f) => [f.id, f])),
  };
  return new Blob([JSON.stringify(document)], { type: 'application/vnd.excalidraw+json' });
}

/** The download's name: 'Roadmap 2027 (offline changes).excalidraw'. */
export function refusedFileName(title: string): string {
  return `${exportBaseName(title)} (offline changes).excalidraw`;
}

/**
 * Changes made offline that the server refused on reconnect: shown until the user downloads
 * them (then they leave the device: `release()`) or cancels (they stay, offered again next
 * time).
 */
export function useRefusedChanges(
  persistence: CanvasPersistence | undefined,
  title: string,
  onAlert: (message: string) => void,
) {
  const [refused, setRefused] = useState<RefusedOfflineChanges | null>(null);
  const [busy, setBusy] = useState(false);
  const download = useCallback(() => {
    if (!refused) return;
    setBusy(true);
    const files = persistence ? persistence.loadFiles(refused.canvasId) : Promise.resolve([]);
    files
      .catch(() => [])
      .then((kept) => {
        downloadBlob(
          excalidrawFile(refused.elements, kept, window.location.origin),
          refusedFileName(title),
        );
        return refused.release();
      })
      .then(() => setRefused(null))
      .catch(() => onAlert('The offline changes could not be saved as a file. Try again.'))
      .finally(() => setBusy(false));
  }, [refused, persistence, title, onAlert]);
  return {
    refused,
    busy,
    onRefusedOffline: setRefused,
    download,
    cancel: useCallback(() => setRefused(null), []),
  };
}
