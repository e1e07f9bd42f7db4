import { styles } from './replayStyles';
import { useLook } from './look';
import type { ReplayExportKind } from './exportFrame';

export interface ExportControlsProps {
  /** The video being rendered: fraction done (0..1), or null. */
  videoProgress: number | null;
  canRecordVideo: boolean;
  onExport(kind: ReplayExportKind): void;
  onCancelVideo(): void;
}

/** Export the current frame (PNG, SVG) or the whole replay as a WebM timelapse. */
export function ExportControls(props: ExportControlsProps) {
  const rendering = props.videoProgress !== null;
  const look = useLook();
  return (
    <div style={styles.row} role="group" aria-label="Export">
      <button
        type="button"
        {...look('button', styles.button)}
        onClick={() => props.onExport('png')}
      >
        Export PNG
      </button>
      <button
        type="button"
        {...look('button', styles.button)}
        onClick={() => props.onExport('svg')}
      >
        Export SVG
      </button>
      <button
        type="button"
        {...look('button', styles.button)}
        disabled={rendering || !props.canRecordVideo}
        onClick={() => props.onExport('webm')}
      >
        Export video
      </button>
      {rendering && (
        <>
          <progress
            style={styles.progress}
            max={100}
            value={Math.round(props.videoProgress! * 100)}
            aria-label="Rendering the video"
            data-testid="replay-video-progress"
          />
          <button type="button" {...look('button', styles.button)} onClick={props.onCancelVideo}>
            Cancel video
          </button>
        </>
      )}
    </div>
  );
}
