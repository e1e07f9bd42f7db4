import type { ReactNode } from 'react';

/** Props of {@link CanvasLayout}. */
export interface CanvasLayoutProps {
  /** The bar above the body (the canvas header, the history's header). */
  header: ReactNode;
  /** The body under it: sidebar and board, or the replay and its activity. */
  children: ReactNode;
  /** Dialogs and popups of the screen, outside the body. */
  dialogs?: ReactNode;
  /** A modifier of the body's layout (e.g. 'tw-canvas__body--history'). */
  bodyClassName?: string;
}

/**
 * The frame of the canvas screens (the live or personal canvas, and its history): the whole
 * screen under the top bar, a header, then a body that takes the rest.
 */
export function CanvasLayout({ header, children, dialogs, bodyClassName }: CanvasLayoutProps) {
  return (
    <div className="tw-canvas">
      {header}
      <div className={bodyClassName ? `tw-canvas__body ${bodyClassName}` : 'tw-canvas__body'}>
        {children}
      </div>
      {dialogs}
    </div>
  );
}

/** The sidebar beside the board: a column on a desktop, over the board (`overlay`) elsewhere. */
export function CanvasSidebarSlot({
  overlay,
  children,
}: {
  overlay: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={overlay ? 'tw-canvas__sidebar tw-canvas__sidebar--overlay' : 'tw-canvas__sidebar'}
    >
      {children}
    </div>
  );
}
