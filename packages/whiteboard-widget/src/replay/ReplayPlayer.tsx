import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { AuthorFilterMode } from './attribution';
import { ElementInfo } from './ElementInfo';
import { ExportControls } from './ExportControls';
import type { ReplayExportKind } from './exportFrame';
import type { HistorySource } from './historySource';
import { ReplayBoard } from './ReplayBoard';
import type { ReplayBoardHandle } from './ReplayBoard';
import { ReplayControls } from './ReplayControls';
import type { ReplayFileSource } from './replayFiles';
import { ReplayModel } from './replayModel';
import type { ReplayPosition } from './replayModel';
import { AuthorFilterControls, CompareControls } from './ReplayTools';
import { styles } from './replayStyles';
import { ReplayLookContext } from './look';
import type { ReplayClassNames } from './look';
import { Timeline } from './Timeline';
import { lastAtOrBefore } from './timelineMarks';
import { useElementInfo } from './useElementInfo';
import { usePlayback } from './usePlayback';
import type { OpeningFrame } from './usePlayback';
import { useReplayExports } from './useReplayExports';
import { useReplayFiles } from './useReplayFiles';
import { useReplayLoader } from './useReplayLoader';

const NO_CLASSES: ReplayClassNames = {};

export interface ReplayPlayerProps {
  /** Where the history comes from (`restHistorySource` for a Tabula server). */
  source: HistorySource;
  /** Controlled position: when it changes, the player seeks to this revision. */
  revision?: number;
  /** Called when the revision at the playhead changes (playing, scrubbing, stepping). */
  onRevisionChange?(revision: number): void;
  /** The revision to open at (default: `revision`, else the latest). */
  initialRevision?: number;
  /**
   * Where the files of image elements come from: the collaboration engine's `FileTransport`
   * (`httpFileTransport` for a Tabula server), of which only `download` is used. Without it,
   * images show as Excalidraw's placeholder.
   */
  files?: ReplayFileSource;
  /** The canvas whose files `files` downloads (default: the source's `canvasId`). */
  canvasId?: string;
  /** Receives exported files; without it they are downloaded. */
  onExport?(kind: ReplayExportKind, blob: Blob): void;
  theme?: 'light' | 'dark';
  className?: string;
  /** Class names giving the controls the host app's look (buttons, selects, checkboxes…). */
  classNames?: ReplayClassNames;
  style?: CSSProperties;
}

/** The player's imperative side (hosts and tests). */
export interface ReplayPlayerHandle {
  play(): void;
  pause(): void;
  seekRevision(revision: number): void;
  position(): ReplayPosition;
  /** The elements of the frame at the playhead. */
  frame(): readonly SceneElement[];
  /** The elements the board was last given (the opening scene until the steps reach it). */
  shown(): readonly SceneElement[];
  /** Where a scene point is on the page (client coordinates), or null before the board is up. */
  toViewport(point: { x: number; y: number }): { x: number; y: number } | null;
  /** How many steps have loaded, and whether all have. */
  loaded(): { steps: number; complete: boolean };
}

const IGNORED_TARGETS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/**
 * Replays a canvas's history on a read-only board: a timeline of its entries (one mark each,
 * coloured per author), play/pause at 1–16×, strokes drawn at the pace they were drawn, author
 * filter, comparison of two revisions, "who drew this", and PNG/SVG/WebM export; images are
 * drawn from the files `files` fetches. Give it a
 * container with a height; import `@tabula/whiteboard/styles.css` and serve Excalidraw's fonts
 * as for `<Whiteboard>`.
 */
export const ReplayPlayer = forwardRef<ReplayPlayerHandle, ReplayPlayerProps>(
  function ReplayPlayer(props, ref) {
    const { source, revision } = props;
    const model = useMemo(() => new ReplayModel(() => performance.now()), [source]);
    const boardRef = useRef<ReplayBoardHandle | null>(null);
    const playheadRef = useRef<HTMLDivElement>(null);
    const openingRef = useRef<OpeningFrame | null>(null);

    const playback = usePlayback(model, boardRef, playheadRef, openingRef);
    const { view, paint, act } = playback;
    // Opened at the latest revision, the playhead follows new entries; opened at a revision, it
    // stays there.
    const opensAtLatest = useRef((props.initialRevision ?? revision) === undefined);
    const onReached = useCallback(
      (target: number) => {
        if (opensAtLatest.current) model.seekApplied(lastAtOrBefore(model.steps, target) + 1);
        else model.seekRevision(target);
        openingRef.current = null;
        paint();
      },
      [model, paint],
    );
    const load = useReplayLoader(source, model, props.initialRevision ?? revision, onReached);
    if (load.opening && openingRef.current === null && !playback.touched()) {
      openingRef.current = load.opening;
    }
    useEffect(paint, [load.version, load.opening, paint]);

    const [filter, setFilter] = useState<{ ids: ReadonlySet<string>; mode: AuthorFilterMode }>({
      ids: new Set(),
      mode: 'only',
    });
    const marks = useMemo(
      () => model.marks(load.checkpoints),
      [model, load.version, load.checkpoints],
    );
    const authors = useMemo(() => model.attribution.authors(), [model, load.version]);
    const dimmedAuthors = useMemo(
      () =>
        filter.ids.size === 0
          ? null
          : new Set(authors.map((author) => author.id).filter((id) => !filter.ids.has(id))),
      [authors, filter.ids],
    );
    const images = useReplayFiles(
      props.files,
      props.canvasId ?? source.canvasId ?? '',
      model,
      load,
      boardRef,
      paint,
    );
    const onBoardReady = useCallback(
      (board: ReplayBoardHandle) => {
        images.attach(board);
        playback.attach(board);
      },
      [images.attach, playback.attach],
    );
    const exports = useReplayExports(model, props.onExport, images.files);
    const info = useElementInfo(source, model, boardRef, view.revision);

    // Controlled position: a new `revision` is sought once the steps up to it have loaded (any
    // revision: one that is not a drawing shows the last drawing before it, and is kept).
    const sought = useRef(props.initialRevision ?? revision);
    useEffect(() => {
      if (revision === undefined || revision === sought.current) return;
      if (model.lastRevision() < revision && !load.complete) return;
      sought.current = revision;
      if (model.position().revision !== revision) act(() => model.seekRevision(revision));
    }, [revision, model, act, load.version, load.complete]);
    const reported = useRef<number | null>(null);
    const onRevisionChange = useRef(props.onRevisionChange);
    onRevisionChange.current = props.onRevisionChange;
    useEffect(() => {
      if (!view.started || reported.current === view.revision) return;
      reported.current = view.revision;
      onRevisionChange.current?.(view.revision);
    }, [view.started, view.revision]);

    useImperativeHandle(
      ref,
      () => ({
        play: () => act(() => model.play()),
        pause: () => act(() => model.pause()),
        seekRevision: (target) => act(() => model.seekRevision(target)),
        position: () => model.position(),
        frame: () => model.frame(),
        shown: playback.shown,
        toViewport: (point) => boardRef.current?.toViewport(point) ?? null,
        loaded: () => ({ steps: model.steps.length, complete: load.complete }),
      }),
      [act, model, load.complete],
    );

    const togglePlay = () => act(() => (model.clock.playing ? model.pause() : model.play()));
    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      if (IGNORED_TARGETS.has(target.tagName) || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      const keys: Record<string, () => void> = {
        ' ': togglePlay,
        ArrowLeft: () => model.stepBack(),
        ArrowRight: () => model.stepForward(),
        Home: () => model.seekApplied(0),
        End: () => model.seekApplied(model.steps.length),
      };
      const action = keys[event.key];
      if (!action || (event.key === ' ' && target.tagName === 'BUTTON')) return;
      event.preventDefault();
      if (event.key === ' ') action();
      else act(action);
    };

    const first = model.steps[0]?.entry.revision ?? 0;
    const last = model.lastRevision();
    const step = view.applied > 0 ? model.steps[view.applied - 1] : undefined;
    const caption = step
      ? `Revision ${view.revision} · ${step.entry.actorName || 'Unknown user'} · ${new Date(step.entry.occurredAt).toLocaleTimeString()}`
      : `Revision ${view.revision}`;
    const error = load.error ?? exports.error;
    const classes = props.className ? `tabula-replay ${props.className}` : 'tabula-replay';
    const lookClasses = props.classNames ?? NO_CLASSES;

    return (
      <ReplayLookContext.Provider value={lookClasses}>
        <div
          className={classes}
          style={{ ...styles.player, ...props.style }}
          onKeyDown={onKeyDown}
          role="region"
          aria-label="History replay"
        >
          <div style={styles.board} onPointerDownCapture={info.pin}>
            <ReplayBoard onReady={onBoardReady} onPointer={info.hover} theme={props.theme} />
            {(error || !view.started) && (
              <div style={styles.overlay}>
                {error ? (
                  <p role="alert" style={styles.error} data-testid="replay-error">
                    {error}
                  </p>
                ) : (
                  <p role="status" style={styles.status}>
                    Opening the history…
                  </p>
                )}
              </div>
            )}
            {info.shown && <ElementInfo {...info.shown} onClose={info.close} />}
          </div>
          <div style={styles.bar}>
            <Timeline
              marks={marks}
              applied={view.applied}
              revision={view.revision}
              minRevision={Math.min(first, view.revision)}
              maxRevision={Math.max(last, view.revision)}
              authorName={step?.entry.actorName}
              dimmedAuthors={dimmedAuthors}
              onSeek={(applied) => act(() => model.seekApplied(applied))}
              onScrubStart={() => act(() => model.pause())}
              playheadRef={playheadRef}
            />
            <ReplayControls
              playing={view.playing}
              speed={view.speed}
              skipIdle={view.skipIdle}
              canStepBack={view.applied > 0}
              canStepForward={view.applied < model.steps.length}
              onPlayPause={togglePlay}
              onStepBack={() => act(() => model.stepBack())}
              onStepForward={() => act(() => model.stepForward())}
              onSpeed={(speed) => act(() => model.setSpeed(speed))}
              onSkipIdle={(skip) => act(() => model.setSkipIdle(skip))}
              caption={load.complete ? caption : `${caption} (loading…)`}
            />
            <div style={styles.row}>
              <AuthorFilterControls
                authors={authors}
                selected={filter.ids}
                mode={filter.mode}
                onChange={(ids, mode) => {
                  setFilter({ ids, mode });
                  act(() => model.setAuthorFilter({ authorIds: ids, mode }));
                }}
              />
              <CompareControls
                minRevision={first}
                maxRevision={last}
                revision={view.revision}
                diff={view.diff}
                onCompare={(from, to) => act(() => (model.pause(), model.compare(from, to)))}
                onClear={() => act(() => model.clearComparison())}
              />
            </div>
            <ExportControls
              videoProgress={exports.videoProgress}
              canRecordVideo={exports.canRecordVideo}
              onExport={exports.run}
              onCancelVideo={exports.cancelVideo}
            />
          </div>
        </div>
      </ReplayLookContext.Provider>
    );
  },
);
