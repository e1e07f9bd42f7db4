import type { KeyValueStorage } from '../app/services';

/** An in-memory `localStorage` for tests. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  entries: Map<string, string>;
} {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}
