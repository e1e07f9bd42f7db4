import '@tabula/whiteboard/styles.css';
import { useMemo } from 'react';
import { Loader } from '@tabula/ui';
import { Whiteboard } from '@tabula/whiteboard';
import { useServices } from '../../app/ServicesContext';
import { errorMessage } from '../errorMessage';

/** Props of {@link ScenePreview}. */
export interface ScenePreviewProps {
  canvasId: string;
  /** The revision to show; null while the history is still loading. */
  revision: number | null;
}

/**
 * Stands where the replay player goes until it is available: the canvas as it was at
 * `revision` (REST `scene`), on a read-only board that opens anew for each revision.
 */
export function ScenePreview({ canvasId, revision }: ScenePreviewProps) {
  const services = useServices();
  const scene = useMemo(
    () =>
      revision === null
        ? null
        : services.api.getSceneAt(canvasId, revision).then((answer) => answer.elements),
    [services, canvasId, revision],
  );
  if (scene === null) return <Loader label="Loading the history…" />;
  return (
    <Whiteboard
      key={revision}
      readOnly
      showBackdropButton={false}
      initialElements={scene}
      loading={<Loader label={`Opening revision ${revision}…`} />}
      renderError={(error) => (
        <p className="tw-history__problem" role="alert">
          {errorMessage(error)}
        </p>
      )}
      className="tw-board__surface"
    />
  );
}
