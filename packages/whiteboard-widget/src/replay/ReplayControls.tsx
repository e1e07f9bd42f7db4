import { Icon } from './icons';
import type { IconName } from './icons';
import { SPEEDS } from './playbackClock';
import type { Speed } from './playbackClock';
import { styles } from './replayStyles';
import { useLook } from './look';

export interface ReplayControlsProps {
  playing: boolean;
  speed: Speed;
  skipIdle: boolean;
  canStepBack: boolean;
  canStepForward: boolean;
  onPlayPause(): void;
  onStepBack(): void;
  onStepForward(): void;
  onSpeed(speed: Speed): void;
  onSkipIdle(skip: boolean): void;
  /** What the playhead shows, e.g. "Revision 12 · Ada · 10:04:31". */
  caption: string;
}

interface IconButtonProps {
  icon: IconName;
  /** The button's accessible name. */
  label: string;
  /** Its keyboard shortcut, shown in the tooltip. */
  keyName: string;
  onClick(): void;
  disabled?: boolean;
}

function IconButton({ icon, label, keyName, onClick, disabled }: IconButtonProps) {
  const look = useLook();
  return (
    <button
      type="button"
      {...look('button', styles.button)}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={`${label} (${keyName})`}
    >
      <Icon name={icon} />
    </button>
  );
}

/** Play / pause, one entry back and forward, the speed and "skip idle time". */
export function ReplayControls(props: ReplayControlsProps) {
  const look = useLook();
  return (
    <div style={styles.row} role="group" aria-label="Playback">
      <IconButton
        icon="stepBack"
        label="Step back one entry"
        keyName="←"
        onClick={props.onStepBack}
        disabled={!props.canStepBack}
      />
      <IconButton
        icon={props.playing ? 'pause' : 'play'}
        label={props.playing ? 'Pause' : 'Play'}
        keyName="space"
        onClick={props.onPlayPause}
      />
      <IconButton
        icon="stepForward"
        label="Step forward one entry"
        keyName="→"
        onClick={props.onStepForward}
        disabled={!props.canStepForward}
      />
      <label>
        <span style={styles.muted}>Speed </span>
        <select
          {...look('select', styles.select)}
          value={props.speed}
          aria-label="Playback speed"
          onChange={(event) => props.onSpeed(Number(event.target.value) as Speed)}
        >
          {SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed}×
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          {...look('checkbox')}
          checked={props.skipIdle}
          onChange={(event) => props.onSkipIdle(event.target.checked)}
        />{' '}
        Skip idle time
      </label>
      <span style={styles.muted} aria-live="off" data-testid="replay-caption">
        {props.caption}
      </span>
    </div>
  );
}
