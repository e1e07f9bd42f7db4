import type { ClearingFeed } from './collab/clearNotices';
import type { ExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { AppState, UIOptions } from '@excalidraw/excalidraw/types';
import type { CSSProperties, ReactNode } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { Backdrop } from './backdrop';
import type { PeerActivity, ScenePointer } from './sync/peerActivity';
import type { WhiteboardExportOptions } from './export/exportOptions';

export type { PeerActivity, ScenePointer, WhiteboardCursor } from './sync/peerActivity';
export type { WhiteboardExportOptions } from './export/exportOptions';

/** Excalidraw's element list, as its API takes it. */
export type ExcalidrawElements = readonly ExcalidrawElement[];

/** Someone else on the board: drawn as a cursor with a name, and as an avatar. */
export interface WhiteboardCollaborator {
  /** A stable id (the user id). */
  id: string;
  username: string;
  /** An image URL for the avatar (a data URL keeps the page on its own origin). */
  avatarUrl?: string;
  /** Their last pointer position; no cursor is drawn without one. */
  pointer?: ScenePointer;
}

/** One image file of the editor (Excalidraw's `BinaryFileData`, its bookkeeping left out). */
export interface WhiteboardFile {
  id: string;
  mimeType: string;
  /** `data:<mimeType>;base64,…` */
  dataURL: string;
  /** Epoch milliseconds. */
  created: number;
}

/** The editor's image files by id (the `fileId` of `image` elements). */
export type WhiteboardFiles = Readonly<Record<string, WhiteboardFile>>;

/** Excalidraw's app state, as `onChange` reports it. */
export type WhiteboardAppState = AppState;

/** What `ref` gives on `<Whiteboard ref={ref}>`. */
export interface WhiteboardHandle {
  /** The whole scene, tombstones included (copies: changing them changes nothing). */
  getScene(): SceneElement[];
  /** The editor's own elements, tombstones included, without copying (read, never change). */
  getSceneElements(): readonly SceneElement[];
  /**
   * Replaces the editor's elements (peers' changes, previews), with no undo step: `next` is the
   * new scene, or a function of the scene the editor holds when the update is applied (asked
   * from within `onChange`, it is applied right after, so compute it then, never before; null
   * changes nothing). `onApplied` runs right after the editor took the scene. The editor
   * reports the result through `onChange` like any change.
   */
  updateScene(
    next:
      | readonly SceneElement[]
      | ((current: readonly SceneElement[]) => readonly SceneElement[] | null),
    onApplied?: () => void,
  ): void;
  /** True once the editor holds its initial scene (from its first `onChange` on). */
  isReady(): boolean;
  /** Adds image files (a peer's, fetched) for the editor to draw its image elements with. */
  addFiles(files: readonly WhiteboardFile[]): void;
  /** The ids of the elements selected on the board now (Excalidraw's `selectedElementIds`). */
  getSelectedElementIds(): string[];
  /** The drawing (or, `onlySelected`, the selection) as a PNG. */
  exportPng(options?: WhiteboardExportOptions): Promise<Blob>;
  /** The drawing (or, `onlySelected`, the selection) as an SVG element. */
  exportSvg(options?: WhiteboardExportOptions): Promise<SVGSVGElement>;
}

/** Props of `<Whiteboard>`. */
export interface WhiteboardProps {
  /**
   * The scene to start from (read once, at mount). Given a promise, the editor starts up
   * meanwhile, covered by `loading`, and takes exactly that scene when it resolves, before it
   * reports anything.
   */
  initialElements?: readonly SceneElement[] | PromiseLike<readonly SceneElement[]>;
  /** Shown while `initialElements` is on its way (default: "Opening the canvas…"). */
  loading?: ReactNode;
  /**
   * Shown instead of the editor when the `initialElements` promise rejects (default: the
   * error's message, such as the server's refusal of the canvas, as an alert).
   */
  renderError?: (error: unknown) => ReactNode;
  /**
   * Every change of the editor: its whole scene (tombstones included, the editor's own
   * objects: copy before keeping), app state (which elements are being edited, …) and image
   * files (by id).
   */
  onChange?: (
    elements: readonly SceneElement[],
    appState: WhiteboardAppState,
    files: WhiteboardFiles,
  ) => void;
  /** The local pointer in scene coordinates, on every move (throttle before sending). */
  onPointerMove?: (pointer: ScenePointer) => void;
  /**
   * Peers on the board: their avatars (Excalidraw's list), and their cursors where they have a
   * `pointer` and no `peerActivity` is given. Setting it, even empty, turns on collaboration UI.
   * It should change when people come and go: pointers that move many times a second belong in
   * `peerActivity`.
   */
  collaborators?: readonly WhiteboardCollaborator[];
  /**
   * Peers' cursors and elements in progress, drawn on a layer of its own over the board at
   * most once per animation frame, without re-rendering the editor (`useCollaboration` gives
   * it).
   */
  peerActivity?: PeerActivity;
  /**
   * Clearing a shared board: "Ada cleared the canvas" (with the clearer's name) and Undo, or
   * why a clear was refused, shown on the board (`useCollaboration` gives it; docs/clearing.md).
   */
  clearing?: ClearingFeed;
  /**
   * How much of the scene has arrived while `initialElements` is on its way (0 to 1): the
   * default loading state then reads "Loading the board… 40%".
   */
  loadingProgress?: number | null;
  /** View only: no tool bar, no changes. */
  readOnly?: boolean;
  theme?: 'light' | 'dark';
  /** Excalidraw's UI options (canvas actions, tools, dock). */
  uiOptions?: Partial<UIOptions>;
  /**
   * localStorage key under which the chosen backdrop is kept ('background-color' on personal
   * canvases and 'backdrop' on live ones in the Tabula app). Without it the choice is not kept.
   */
  backdropStorageKey?: string;
  /** Show the backdrop button (default true). */
  showBackdropButton?: boolean;
  /** Told the backdrop at mount and after each change. */
  onBackdropChange?: (backdrop: Backdrop) => void;
  /** Told the selected element ids whenever the selection changes (empty: nothing selected). */
  onSelectionChange?: (ids: readonly string[]) => void;
  /**
   * The drawing's name (the canvas name): the file name Excalidraw's own "Export image…"
   * dialog suggests, instead of `Untitled-<date>`.
   */
  name?: string;
  /**
   * The hamburger menu. By default Tabula's: Find on canvas, Export image…, Help, Reset the
   * canvas (no open / save to file, no Excalidraw links or socials, no canvas background
   * picker). `'excalidraw'` gives Excalidraw's stock menu; any node (a `<MainMenu>` of
   * `@excalidraw/excalidraw`) replaces it. Whatever the menu, `uiOptions.canvasActions` turn
   * off `changeViewBackgroundColor`, `loadScene`, `saveToActiveFile` and `export` unless set.
   */
  mainMenu?: ReactNode | 'excalidraw';
  /** Excalidraw language code, e.g. 'en'. */
  langCode?: string;
  className?: string;
  style?: CSSProperties;
  /** Excalidraw children (MainMenu, WelcomeScreen, Footer, …). */
  children?: ReactNode;
}
