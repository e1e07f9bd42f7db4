import { ElementBoard } from './ElementBoard';
import { mount } from './reactRoot';
import type { BoardViewProps, ViewLoader } from './elementTypes';
import { boardSheet, installDocumentStyles } from './shadowStyles';

/** `<tabula-whiteboard>`'s React side, loaded when the first of them connects. */
export const boardLoader: ViewLoader<BoardViewProps> = {
  boardSheet,
  installDocumentStyles,
  // A new server, canvas or credential is a new board (a new engine and editor).
  mount: (container) =>
    mount(container, (props: BoardViewProps) => (
      <ElementBoard
        key={[props.server, props.canvas, props.token, props.viewToken].join(' ')}
        {...props}
      />
    )),
};
