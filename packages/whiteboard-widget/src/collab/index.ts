/**
 * `@tabula/whiteboard/collab`: live collaboration with a Tabula server. The framework-free sync
 * engine (`CollaborationClient`) over a `Transport` (`socketTransport` around a socket the host
 * owns, or `socketIoTransport` opening its own) and the `useCollaboration` hook that wires it
 * to `<Whiteboard>`.
 */
export { CollaborationClient } from './CollaborationClient';
export {
  ClientClosedError,
  MIN_INK_INTERVAL_MS,
  JoinRefusedError,
  POINTER_INTERVAL_MS,
  PREVIEW_TIMEOUT_MS,
  WAITING_SHOWN_AFTER_MS,
} from './collaborationOptions';
export type { CollaborationClientOptions, CollaborationError } from './collaborationOptions';
export type { BoardView, SceneUpdate } from './boardView';
export type { CollaborationStatus } from './connectionStatus';
export { TransportError } from './Transport';
export type { ServerPayload, Transport, TransportRequests, TransportStatus } from './Transport';
export { FileRefusedError, httpFileTransport } from './fileTransport';
export type {
  FileTransport,
  HttpFileTransportOptions,
  ImageFile,
  ImageFiles,
} from './fileTransport';
export { socketTransport } from './socketTransport';
export type { SocketTransportOptions, TabulaSocket } from './socketTransport';
export { socketIoTransport } from './socketIoTransport';
export { viewLinkTransport } from './viewLinkTransport';
export type { SocketIoTransport, SocketIoTransportOptions } from './socketIoTransport';
export { useCollaboration } from './useCollaboration';
export { useSocketIoTransport } from './useSocketIoTransport';
export { useSocketTransport } from './useSocketTransport';
export type {
  CollaborationBinding,
  UseCollaborationOptions,
  UseCollaborationResult,
} from './useCollaboration';
export type { RemotePeer } from './peers';
export { ManualScheduler, systemScheduler } from './scheduler';
export type { Scheduler } from './scheduler';
export { Outbox, OutboxStore, outboxKey, splitIntoBatches } from './outbox';
export type { OutboxEntry, OutboxStorage } from './outbox';
export { indexedDbPersistence } from './persistence/indexedDbPersistence';
export type { IndexedDbPersistenceOptions } from './persistence/indexedDbPersistence';
export type {
  CanvasPersistence,
  KeptCanvasSummary,
  KeptChange,
  KeptFile,
  KeptScene,
  SenderLock,
  StorageUse,
} from './persistence/CanvasPersistence';
export { NEARLY_FULL_RATIO } from './persistence/offlineState';
export type {
  DeviceStorageState,
  OfflineState,
  RefusedOfflineChanges,
} from './persistence/offlineState';
export { SCENE_SAVE_DELAY_MS } from './persistence/keptCanvas';
