/**
 * `@tabula/whiteboard`: Tabula's drawing surface as a React component. Import the styles once
 * (`import '@tabula/whiteboard/styles.css'`), serve Excalidraw's fonts (README), and give the
 * component a container with a height. Live collaboration lives in `@tabula/whiteboard/collab`.
 */
export { Whiteboard } from './Whiteboard';
export type {
  ScenePointer,
  WhiteboardCollaborator,
  WhiteboardAppState,
  WhiteboardExportOptions,
  WhiteboardHandle,
  WhiteboardProps,
} from './Whiteboard.types';
export { BackdropButton } from './BackdropButton';
export type { BackdropButtonProps } from './BackdropButton';
export {
  WHITEBOARD_BACKDROPS,
  backdropLabel,
  isBackdrop,
  loadBackdrop,
  nextBackdrop,
  saveBackdrop,
  useBackdrop,
} from './backdrop';
export type { Backdrop } from './backdrop';
export { colorFor } from './collaborators';
export { editingElementIds } from './scene/editingIds';
export type { EditingState } from './scene/editingIds';
export { ConnectionBadge, connectionLabel } from './ConnectionBadge';
export type { ConnectionBadgeProps, ConnectionBadgeStatus } from './ConnectionBadge';
export { setExcalidrawAssetPath } from './assetPath';
export type { SceneElement } from '@tabula/domain';
