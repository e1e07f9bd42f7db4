import type { SceneElement } from '@tabula/domain';
import type { CollaborationError } from '../collab/collaborationOptions';
import type { CollaborationStatus } from '../collab/connectionStatus';
import type { WhiteboardExportOptions } from '../export/exportOptions';

/** The element's status: the engine's, or `local` for a board with no server. */
export type WhiteboardElementStatus = CollaborationStatus | 'local';

/** `detail` of the `change` event: the scene without deleted elements (read, do not change). */
export interface WhiteboardChangeDetail {
  elements: readonly SceneElement[];
}

/** `detail` of the `status` event. */
export interface WhiteboardStatusDetail {
  status: WhiteboardElementStatus;
}

/** `detail` of the `error` event: the engine's errors, and a view link that opens nothing. */
export type WhiteboardErrorDetail = CollaborationError;

/** What the element shows, from its attributes and properties. */
export interface ElementBoardProps {
  server: string | null;
  canvas: string | null;
  /** A Tabula session token: the live board, editable by its owner and collaborators. */
  token: string | null;
  /** A view link's token: the live board, read-only, no account. */
  viewToken: string | null;
  theme: 'light' | 'dark';
  readOnly: boolean;
  /** The scene a board with no server starts with. */
  initialElements: readonly SceneElement[];
  onChange(elements: readonly SceneElement[]): void;
  onStatus(status: WhiteboardElementStatus): void;
  onError(error: WhiteboardErrorDetail): void;
}

/** What the element uses of the board's handle (`WhiteboardHandle` fits). */
export interface ElementBoardHandle {
  getScene(): SceneElement[];
  updateScene(next: readonly SceneElement[]): void;
  isReady(): boolean;
  exportPng(options?: WhiteboardExportOptions): Promise<Blob>;
  exportSvg(options?: WhiteboardExportOptions): Promise<SVGSVGElement>;
}

/** The board's view props: the element's, and where it hands its handle. */
export type BoardViewProps = ElementBoardProps & {
  onHandle(handle: ElementBoardHandle | null): void;
};

/** What `<tabula-replay>` shows. */
export interface ReplayViewProps {
  server: string;
  canvas: string;
  token: string | null;
  theme: 'light' | 'dark';
}

/** A React view mounted in an element's shadow root. */
export interface MountedView<P> {
  render(props: P): void;
  unmount(): void;
}

/** An element's React side, loaded when the first element of its kind connects. */
export interface ViewLoader<P> {
  mount(container: HTMLElement): MountedView<P>;
  boardSheet(): CSSStyleSheet;
  installDocumentStyles(assetBase: string | null): void;
}
