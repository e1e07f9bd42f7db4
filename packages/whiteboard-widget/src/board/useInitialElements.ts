import { useEffect, useState } from 'react';
import type { SceneElement } from '@tabula/domain';
import type { WhiteboardProps } from '../Whiteboard.types';

type InitialElements = WhiteboardProps['initialElements'];

function isPromiseLike(value: InitialElements): value is PromiseLike<readonly SceneElement[]> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

export type InitialState =
  | { state: 'loading' }
  | { state: 'ready'; elements: readonly SceneElement[] }
  | { state: 'failed'; error: unknown };

/** The initial elements once known: at once, or when the promise settles. */
export function useInitialElements(initialElements: InitialElements): InitialState {
  // Read once, at mount, as Excalidraw reads its initial data.
  const [given] = useState(initialElements);
  const [initial, setInitial] = useState<InitialState>(() =>
    isPromiseLike(given) ? { state: 'loading' } : { state: 'ready', elements: given ?? [] },
  );
  useEffect(() => {
    if (!isPromiseLike(given)) return undefined;
    let mounted = true;
    given.then(
      (elements) => {
        if (mounted) setInitial({ state: 'ready', elements });
      },
      (error: unknown) => {
        if (mounted) setInitial({ state: 'failed', error });
      },
    );
    return () => {
      mounted = false;
    };
  }, [given]);
  return initial;
}
