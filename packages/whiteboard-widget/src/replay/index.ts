/**
 * `@tabula/whiteboard/replay`: the replay player of a canvas's history. `<ReplayPlayer>` over a
 * `HistorySource` (`restHistorySource` for a Tabula server, `memoryHistorySource` for a recorded
 * history); the model underneath (`ReplayModel`) runs without React.
 */
export { ReplayPlayer } from './ReplayPlayer';
export type { ReplayPlayerHandle, ReplayPlayerProps } from './ReplayPlayer';
export type { HistorySource, ReplayQuery } from './historySource';
export type { ReplayFileSource } from './replayFiles';
export type { ReplayClassNames } from './look';
export { restHistorySource } from './restHistorySource';
export type { HistoryAppendedSocket, RestHistorySourceOptions } from './restHistorySource';
export { memoryHistorySource } from './memoryHistorySource';
export type { MemoryHistorySource } from './memoryHistorySource';
export { ReplayModel } from './replayModel';
export type { ReplayPosition } from './replayModel';
export { PlaybackClock, SPEEDS } from './playbackClock';
export type { Speed } from './playbackClock';
export { IDLE_BEAT_MS, IDLE_THRESHOLD_MS } from './schedule';
export type { Author, AuthorFilter, AuthorFilterMode, ElementChange } from './attribution';
export type { RevisionDiff } from './compare';
export type { ReplayExportKind } from './exportFrame';
export type { TimelineMark } from './timelineMarks';
export { setExcalidrawAssetPath } from '../assetPath';
