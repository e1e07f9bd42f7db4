import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { MountedView } from './elementTypes';

/**
 * The React side of an element, loaded when the first of its kind connects (the module that
 * defines the elements stays small): a React root per element, in its shadow root.
 */
export function mount<P>(container: HTMLElement, view: (props: P) => ReactNode): MountedView<P> {
  const root = createRoot(container);
  return {
    render: (props) => root.render(<StrictMode>{view(props)}</StrictMode>),
    unmount: () => root.unmount(),
  };
}
