import type { SceneElement } from '@tabula/domain';

/**
 * What the engine tells a board about peers, as plain types (no React, no Excalidraw): their
 * pointers and the elements they are drawing. `<Whiteboard>` draws them on its peer layer.
 */

/** A pointer position in scene coordinates, as reported and drawn for peers. */
export interface ScenePointer {
  x: number;
  y: number;
  tool: 'pointer' | 'laser';
}

/** A peer's cursor: where their pointer is, drawn with their name. */
export interface WhiteboardCursor {
  /** A stable id (the user id): it picks the cursor's colour. */
  id: string;
  username: string;
  pointer: ScenePointer;
}

/**
 * What peers are doing right now, drawn on the board's layer of its own over the editor and
 * never through the editor, so a message costs what it changes, not the scene: their cursors
 * and the elements they are drawing (until their commits, which do go to the editor, replace
 * them). The board reads it at most once per animation frame after `subscribe`'s listener
 * said it changed (tell it as often as you like).
 */
export interface PeerActivity {
  /** Calls `listener` whenever cursors or previews change; returns how to stop. */
  subscribe(listener: () => void): () => void;
  /** Peers' cursors now. */
  cursors(): readonly WhiteboardCursor[];
  /** New elements peers are drawing now (freedraw strokes, shapes), in scene coordinates. */
  previews(): readonly SceneElement[];
}
