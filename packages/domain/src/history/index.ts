export type { LoggedCanvasEvent, NameOf } from './historyFold';
export { foldHistoryEntry, foldScene, namedUserIds, sceneUpserts } from './historyFold';
