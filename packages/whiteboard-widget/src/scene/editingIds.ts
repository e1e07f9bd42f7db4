/** The parts of Excalidraw's app state that say which elements are being changed right now. */
export interface EditingState {
  newElement?: { id: string } | null;
  multiElement?: { id: string } | null;
  resizingElement?: { id: string } | null;
  editingTextElement?: { id: string } | null;
  editingLinearElement?: { elementId: string } | null;
  selectedElementsAreBeingDragged?: boolean;
  isResizing?: boolean;
  isRotating?: boolean;
  selectedElementIds?: Readonly<Record<string, boolean>>;
}

/**
 * Ids of the elements the local user is drawing, typing, dragging, resizing or rotating:
 * their in-between versions are neither reported as changes nor replaced by a peer's copy.
 */
export function editingElementIds(state: EditingState): Set<string> {
  const ids = new Set<string>();
  for (const element of [
    state.newElement,
    state.multiElement,
    state.resizingElement,
    state.editingTextElement,
  ]) {
    if (element) ids.add(element.id);
  }
  if (state.editingLinearElement) ids.add(state.editingLinearElement.elementId);
  if (state.selectedElementsAreBeingDragged || state.isResizing || state.isRotating) {
    for (const [id, selected] of Object.entries(state.selectedElementIds ?? {})) {
      if (selected) ids.add(id);
    }
  }
  return ids;
}
