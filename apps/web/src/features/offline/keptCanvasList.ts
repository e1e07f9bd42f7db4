/**
 * The signed-in user's canvas lists kept on the device beside the kept session, so that the
 * lists still show offline (docs/offline.md "The canvas lists"): their own canvases and the
 * live canvases they collaborate on, as the server last gave them. A copy for showing, never
 * proof of access: opening a canvas asks the server as soon as there is a network. Forgotten
 * on sign-out.
 */
import type { CanvasSummary, CollaboratorCanvas } from '@tabula/domain/protocol';

/** Local storage key of the kept lists (JSON of `KeptCanvasList`). */
export const KEPT_LISTS_KEY = 'canvas-lists';

/** What is kept: whose lists they are, and the lists. */
export interface KeptCanvasList {
  userId: string;
  canvases: CanvasSummary[];
  liveCanvases: CollaboratorCanvas[];
  adminCanvasIds: string[];
}

/** The part of `localStorage` the kept lists use. */
export interface KeptListStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The lists kept for `userId`, or null (none kept, someone else's, or not lists). */
export function keptCanvasList(storage: KeptListStorage, userId: string): KeptCanvasList | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(KEPT_LISTS_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const kept = parsed as Partial<KeptCanvasList>;
  if (kept.userId !== userId) return null;
  if (![kept.canvases, kept.liveCanvases, kept.adminCanvasIds].every(Array.isArray)) return null;
  return kept as KeptCanvasList;
}

/**
 * Keeps the signed-in user's lists as the store holds them (once any was loaded); signed out,
 * forgets them.
 */
export function keepCanvasList(
  storage: KeptListStorage,
  state: {
    session: { user: { id: string } } | null;
    ready: boolean;
    canvases: CanvasSummary[];
    liveCanvases: CollaboratorCanvas[];
    adminCanvasIds: string[];
  },
): void {
  if (!state.session) {
    if (state.ready && storage.getItem(KEPT_LISTS_KEY) !== null) storage.removeItem(KEPT_LISTS_KEY);
    return;
  }
  const { canvases, liveCanvases, adminCanvasIds } = state;
  if (canvases.length === 0 && liveCanvases.length === 0) return;
  const text = JSON.stringify({
    userId: state.session.user.id,
    canvases,
    liveCanvases,
    adminCanvasIds,
  });
  if (storage.getItem(KEPT_LISTS_KEY) !== text) storage.setItem(KEPT_LISTS_KEY, text);
}
