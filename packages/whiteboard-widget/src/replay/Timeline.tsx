import { useEffect, useRef } from 'react';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { appliedAtFraction } from './timelineMarks';
import type { TimelineMark } from './timelineMarks';
import { styles } from './replayStyles';

export interface TimelineProps {
  marks: readonly TimelineMark[];
  /** Steps done at the playhead. */
  applied: number;
  /** The revision at the playhead, and the range of the slider. */
  revision: number;
  minRevision: number;
  maxRevision: number;
  /** Who made the step at the playhead, for the slider's spoken value. */
  authorName?: string;
  /** Author ids whose marks are dimmed (the others of an author filter). */
  dimmedAuthors?: ReadonlySet<string> | null;
  /** Moves the playhead to where `applied` steps are done (click, drag, keys). */
  onSeek(applied: number): void;
  onScrubStart?(): void;
  onScrubEnd?(): void;
  /** Set by the player on every frame: the playhead's element, moved without re-rendering. */
  playheadRef: RefObject<HTMLDivElement | null>;
}

const MARK_HEIGHT = 18;

/** Draws one tick per mark, in its author's colour, on a canvas (thousands of marks stay cheap). */
function drawMarks(
  canvas: HTMLCanvasElement,
  marks: readonly TimelineMark[],
  dimmed: ReadonlySet<string> | null | undefined,
): void {
  const width = canvas.clientWidth;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.round(MARK_HEIGHT * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(ratio, ratio);
  context.clearRect(0, 0, width, MARK_HEIGHT);
  const count = marks.length;
  const tick = Math.max(1, Math.min(3, width / Math.max(1, count) - 1));
  for (const mark of marks) {
    context.globalAlpha = dimmed?.has(mark.actorId) ? 0.2 : 1;
    context.fillStyle = mark.color;
    const x = (mark.applied / count) * width - tick;
    context.fillRect(x, 0, tick, mark.label ? MARK_HEIGHT : MARK_HEIGHT * 0.6);
  }
}

/**
 * The replay's timeline: a slider over its entries (one mark each, coloured per author, named
 * checkpoints labelled). Click to jump to an entry, drag to scrub, arrow keys to step.
 */
export function Timeline(props: TimelineProps) {
  const { marks, applied, revision, minRevision, maxRevision, onSeek, playheadRef } = props;
  const trackRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scrubbing = useRef(false);
  const count = marks.length;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    drawMarks(canvas, marks, props.dimmedAuthors);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => drawMarks(canvas, marks, props.dimmedAuthors));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [marks, props.dimmedAuthors]);

  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = trackRef.current!.getBoundingClientRect();
    const fraction = rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0;
    onSeek(appliedAtFraction(fraction, count));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    scrubbing.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    props.onScrubStart?.();
    seekAt(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (scrubbing.current) seekAt(event);
  };
  const endScrub = () => {
    if (!scrubbing.current) return;
    scrubbing.current = false;
    props.onScrubEnd?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.round(count / 10));
    const moves: Record<string, number> = {
      ArrowLeft: applied - 1,
      ArrowDown: applied - 1,
      ArrowRight: applied + 1,
      ArrowUp: applied + 1,
      PageDown: applied - page,
      PageUp: applied + page,
      Home: 0,
      End: count,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    onSeek(Math.max(0, Math.min(count, target)));
  };

  const labelled = marks.filter((mark) => mark.label);
  const valueText = `Revision ${revision}${props.authorName ? ` by ${props.authorName}` : ''}, entry ${applied} of ${count}`;
  return (
    <div style={styles.timeline}>
      <div
        ref={trackRef}
        role="slider"
        tabIndex={0}
        aria-label="Replay position"
        aria-valuemin={minRevision}
        aria-valuemax={maxRevision}
        aria-valuenow={revision}
        aria-valuetext={valueText}
        data-testid="replay-timeline"
        style={styles.track}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endScrub}
        onPointerCancel={endScrub}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} style={styles.marks} aria-hidden="true" />
        <div ref={playheadRef} style={styles.playhead} aria-hidden="true" />
      </div>
      {labelled.length > 0 && (
        <ul style={styles.labels} aria-label="Checkpoints">
          {labelled.map((mark) => (
            <li
              key={mark.applied}
              style={{ ...styles.label, left: `${(mark.applied / count) * 100}%` }}
            >
              <button type="button" style={styles.labelButton} onClick={() => onSeek(mark.applied)}>
                {mark.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
