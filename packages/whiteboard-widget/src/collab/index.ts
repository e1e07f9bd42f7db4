/**
 * `@tabula/whiteboard/collab`: live collaboration with a Tabula server. A framework-free
 * `CollaborationClient` over a `Transport` (Socket.IO for the real server, in memory for tests
 * and demos) and the `useCollaboration` hook that wires it to `<Whiteboard>`.
 */
export { CollaborationClient, POINTER_INTERVAL_MS } from './CollaborationClient';
export type {
  CollaborationClientOptions,
  CollaborationError,
  CollaborationStatus,
} from './CollaborationClient';
export { TransportError } from './Transport';
export type { ServerPayload, Transport, TransportRequests, TransportStatus } from './Transport';
export { socketTransport } from './socketTransport';
export type { SocketTransportOptions, TabulaSocket } from './socketTransport';
export { socketIoTransport } from './socketIoTransport';
export type { SocketIoTransport, SocketIoTransportOptions } from './socketIoTransport';
export { InMemoryCanvasServer, InMemoryTransport } from './InMemoryCanvasServer';
export { useCollaboration } from './useCollaboration';
export { useSocketIoTransport } from './useSocketIoTransport';
export type {
  CollaborationBinding,
  OutboxStorage,
  UseCollaborationOptions,
  UseCollaborationResult,
} from './useCollaboration';
export type { RemotePeer } from './peers';
export { ManualScheduler, systemScheduler } from './scheduler';
export type { Scheduler } from './scheduler';
export { Outbox, splitIntoBatches } from './outbox';
export type { OutboxEntry } from './outbox';
