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

/**
 * The initial elements once known (at once, or when the promise settles), and the editor's
 * initial data made of them by `toData`: the data itself, or a promise of it (null if the
 * elements never come) that the editor may be mounted with before it resolves. Both are read
 * once, at mount, as Excalidraw reads its initial data.
 */
export function useInitialElements<Data>(
  initialElements: InitialElements,
  toData: (elements: readonly SceneElement[]) => Data,
): { initial: InitialState; data: Data | Promise<Data | null> } {
  const [given] = useState(initialElements);
  const [data] = useState(() =>
    isPromiseLike(given) ? Promise.resolve(given).then(toData, () => null) : toData(given ?? []),
  );
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
  return { initial, data };
}
