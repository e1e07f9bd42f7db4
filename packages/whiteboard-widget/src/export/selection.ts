/** Thrown by an export of the selection when nothing is selected. */
export const NOTHING_SELECTED = 'Nothing is selected on the board.';

/** The ids Excalidraw's `appState.selectedElementIds` marks as selected. */
export function selectedIds(selected: Readonly<Record<string, boolean>>): string[] {
  return Object.keys(selected).filter((id) => selected[id]);
}

/**
 * What exporting a selection draws: the selected elements that are not deleted, with the text
 * bound to a selected shape and the elements inside a selected frame (Excalidraw selects a
 * container or a frame alone, while the user sees their text and contents as part of it).
 * Scene order is kept, so the picture stacks as the board does.
 */
/** An element as far as a selection is concerned (Tabula's or Excalidraw's). */
interface Selectable {
  id: string;
  isDeleted?: boolean;
}

export function selectionForExport<T extends Selectable>(
  elements: readonly T[],
  ids: Iterable<string>,
): T[] {
  const chosen = new Set(ids);
  const belongs = (element: T) => {
    const container = (element as { containerId?: string | null }).containerId;
    const frame = (element as { frameId?: string | null }).frameId;
    return (
      chosen.has(element.id) ||
      (container != null && chosen.has(container)) ||
      (frame != null && chosen.has(frame))
    );
  };
  return elements.filter((element) => !element.isDeleted && belongs(element));
}

/** Two selections are the same set of ids. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
