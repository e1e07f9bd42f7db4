import type { SceneElement } from '@tabula/domain';
import type { ImageFile } from './fileTransport';

/**
 * A new scene for the editor, computed from the scene it holds when the update is applied
 * (null: nothing to change). The editor may apply it later than asked (after a render it is
 * in), so it must never be computed in advance.
 */
export type SceneUpdate = (current: readonly SceneElement[]) => readonly SceneElement[] | null;

/** The editor the engine keeps in sync: `<Whiteboard>`'s handle fits. */
export interface BoardView {
  /** The editor's scene, tombstones included (its own objects: read, never change them). */
  getSceneElements(): readonly SceneElement[];
  /**
   * Replaces the editor's scene with `update(current)`, not as a local change (no undo step),
   * then calls `onApplied` at once: the editor's objects then show any change it made while
   * taking the scene (Excalidraw re-indexes elements in place).
   */
  updateScene(update: SceneUpdate, onApplied?: () => void): void;
  /** True once the editor holds its initial scene. */
  isReady(): boolean;
  /** Adds image files (fetched from the server) to the editor; without it none are fetched. */
  addFiles?(files: readonly ImageFile[]): void;
}
