import { useCallback, useState } from 'react';
import { BACKDROPS } from '@tabula/domain/protocol';
import type { Backdrop } from '@tabula/domain/protocol';

export type { Backdrop };

/** The five backdrops in the spec's order: transparent, light grey, white, dark grey, light blue. */
export const WHITEBOARD_BACKDROPS: readonly Backdrop[] = BACKDROPS;

const LABELS: Readonly<Record<Backdrop, string>> = {
  transparent: 'transparent',
  lightgrey: 'light grey',
  white: 'white',
  darkgrey: 'dark grey',
  lightblue: 'light blue',
};

/** A human label for a backdrop ('light grey'). */
export function backdropLabel(backdrop: Backdrop): string {
  return LABELS[backdrop];
}

/** The backdrop after `current` in the cycle (the last one wraps to the first). */
export function nextBackdrop(current: Backdrop): Backdrop {
  const index = BACKDROPS.indexOf(current);
  return BACKDROPS[(index + 1) % BACKDROPS.length] ?? BACKDROPS[0];
}

/** True for one of the five backdrop values. */
export function isBackdrop(value: unknown): value is Backdrop {
  return typeof value === 'string' && (BACKDROPS as readonly string[]).includes(value);
}

/** The backdrop kept under `key`, or the first one when none (or an unknown value) is kept. */
export function loadBackdrop(
  key: string | undefined,
  storage: Storage | undefined = safeLocalStorage(),
): Backdrop {
  if (!key || !storage) return BACKDROPS[0];
  try {
    const stored = storage.getItem(key);
    return isBackdrop(stored) ? stored : BACKDROPS[0];
  } catch {
    return BACKDROPS[0];
  }
}

/** Keeps `backdrop` under `key` (does nothing without a key or storage). */
export function saveBackdrop(
  key: string | undefined,
  backdrop: Backdrop,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  if (!key || !storage) return;
  try {
    storage.setItem(key, backdrop);
  } catch {
    // Storage full or blocked (private mode): the choice just isn't kept.
  }
}

/** The current backdrop and a function that moves to the next one, kept under `storageKey`. */
export function useBackdrop(storageKey: string | undefined): [Backdrop, () => void] {
  const [backdrop, setBackdrop] = useState<Backdrop>(() => loadBackdrop(storageKey));
  const cycle = useCallback(() => {
    setBackdrop((current) => {
      const next = nextBackdrop(current);
      saveBackdrop(storageKey, next);
      return next;
    });
  }, [storageKey]);
  return [backdrop, cycle];
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
