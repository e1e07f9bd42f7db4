/**
 * `@tabula/whiteboard/sync`: the live engine with no framework. It imports neither React nor
 * Excalidraw (a test loads the built entry in Node where both are missing): the
 * `CollaborationClient` (join, outbox, reconcile with the domain's rules, ink, presence,
 * status), its transports (`socketIoTransport`, `socketTransport` around a socket the host
 * owns, `viewLinkTransport`), image files and the device's persistence. Drive it with any
 * editor through a `BoardView`; `@tabula/whiteboard/collab` adds React hooks on top of it.
 */
export { CollaborationClient } from '../collab/CollaborationClient';
export {
  ClientClosedError,
  MIN_INK_INTERVAL_MS,
  JoinRefusedError,
  POINTER_INTERVAL_MS,
  PREVIEW_TIMEOUT_MS,
  WAITING_SHOWN_AFTER_MS,
} from '../collab/collaborationOptions';
export type {
  CollaborationClientOptions,
  CollaborationError,
} from '../collab/collaborationOptions';
export type { BoardView, SceneUpdate } from '../collab/boardView';
export type { CollaborationStatus } from '../collab/connectionStatus';
export { TransportError } from '../collab/Transport';
export type {
  ServerPayload,
  Transport,
  TransportRequests,
  TransportStatus,
} from '../collab/Transport';
export { FileRefusedError, httpFileTransport } from '../collab/fileTransport';
export type {
  FileTransport,
  HttpFileTransportOptions,
  ImageFile,
  ImageFiles,
} from '../collab/fileTransport';
export { socketTransport } from '../collab/socketTransport';
export type { SocketTransportOptions, TabulaSocket } from '../collab/socketTransport';
export { socketIoTransport } from '../collab/socketIoTransport';
export { viewLinkTransport } from '../collab/viewLinkTransport';
export type { SocketIoTransport, SocketIoTransportOptions } from '../collab/socketIoTransport';
export type { RemotePeer } from '../collab/peers';
export { ManualScheduler, systemScheduler } from '../collab/scheduler';
export type { Scheduler } from '../collab/scheduler';
export { Outbox, OutboxStore, outboxKey, splitIntoBatches } from '../collab/outbox';
export type { OutboxEntry, OutboxStorage } from '../collab/outbox';
export { indexedDbPersistence } from '../collab/persistence/indexedDbPersistence';
export type { IndexedDbPersistenceOptions } from '../collab/persistence/indexedDbPersistence';
export type {
  CanvasPersistence,
  KeptCanvasSummary,
  KeptChange,
  KeptFile,
  KeptScene,
  SenderLock,
  StorageUse,
} from '../collab/persistence/CanvasPersistence';
export { NEARLY_FULL_RATIO } from '../collab/persistence/offlineState';
export type {
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from '../collab/persistence/offlineState';
export { SCENE_SAVE_DELAY_MS } from '../collab/persistence/keptCanvas';
export { ManualFrames, animationFrames } from '../board/frames';
export type { RequestFrame } from '../board/frames';
export { editingElementIds } from '../scene/editingIds';
export type { EditingState } from '../scene/editingIds';
export type { PeerActivity, ScenePointer, WhiteboardCursor } from './peerActivity';
export type { SceneElement } from '@tabula/domain';
