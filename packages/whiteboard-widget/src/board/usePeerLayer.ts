import { useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { toExcalidrawCollaborators } from '../collaborators';
import type { PeerActivity, WhiteboardCollaborator, WhiteboardCursor } from '../Whiteboard.types';
import type { ExcalidrawParts } from './useExcalidraw';
import { PeerLayer } from './peerLayer';
import type { LayerView } from './layerView';
import type { FreeDrawPath } from './previewShapes';

/** The board's side of its peer layer. */
export interface PeerLayerBinding {
  /** Give it as the `ref` of the layer's `<canvas>`. */
  canvasRef: (canvas: HTMLCanvasElement | null) => void;
  /** Tell it the editor's view on every change (from `onChange`: cheap when nothing moved). */
  setViewport(viewport: LayerView): void;
}

/**
 * The board's peer layer (`PeerLayer`) on the `<canvas>` given to `canvasRef`, fed with the
 * `peerActivity` prop (or the cursors of `collaborators`) and Excalidraw's freedraw outline.
 */
export function usePeerLayer(
  parts: ExcalidrawParts | null,
  activity: PeerActivity | undefined,
  collaborators: readonly WhiteboardCollaborator[] | undefined,
): PeerLayerBinding {
  const [canvas, canvasRef] = useState<HTMLCanvasElement | null>(null);
  const layerRef = useRef<PeerLayer | null>(null);
  const viewportRef = useRef<LayerView | null>(null);
  const cursors = useMemo(() => cursorsOf(collaborators), [collaborators]);
  const cursorsRef = useRef(cursors);
  cursorsRef.current = cursors;
  useEffect(() => {
    if (!canvas) return undefined;
    const layer = new PeerLayer(canvas);
    layerRef.current = layer;
    if (viewportRef.current) layer.setViewport(viewportRef.current);
    layer.setCursors(cursorsRef.current);
    return () => {
      layer.dispose();
      if (layerRef.current === layer) layerRef.current = null;
    };
  }, [canvas]);
  useEffect(() => layerRef.current?.setActivity(activity ?? null), [activity, canvas]);
  useEffect(() => layerRef.current?.setCursors(cursors), [cursors, canvas]);
  useEffect(() => {
    if (parts)
      layerRef.current?.setFreeDrawPath(parts.getFreeDrawSvgPath as unknown as FreeDrawPath);
  }, [parts, canvas]);
  return useMemo(
    () => ({
      canvasRef,
      setViewport: (viewport: LayerView) => {
        viewportRef.current = viewport;
        layerRef.current?.setViewport(viewport);
      },
    }),
    [],
  );
}

function cursorsOf(
  collaborators: readonly WhiteboardCollaborator[] | undefined,
): WhiteboardCursor[] {
  const cursors: WhiteboardCursor[] = [];
  for (const peer of collaborators ?? [])
    if (peer.pointer) cursors.push({ id: peer.id, username: peer.username, pointer: peer.pointer });
  return cursors;
}

/** Who is on the board, without their pointers: avatars change only when this does. */
function membershipKey(collaborators: readonly WhiteboardCollaborator[]): string {
  return JSON.stringify(
    collaborators.map((peer) => [peer.id, peer.username, peer.avatarUrl ?? '']),
  );
}

/**
 * Excalidraw's collaborators (its avatar list) from `collaborators`, given to the editor only
 * when people come, go or change names or photos: never per pointer move (each update
 * re-renders the editor). Excalidraw draws no cursors: the peer layer does.
 */
export function useExcalidrawAvatars(
  apiRef: RefObject<ExcalidrawImperativeAPI | null>,
  collaborators: readonly WhiteboardCollaborator[] | undefined,
): (api: ExcalidrawImperativeAPI) => void {
  const key = collaborators ? membershipKey(collaborators) : null;
  const latest = useRef(collaborators);
  latest.current = collaborators;
  // Given again whenever the host gives a new list (the engine's list changes only when people
  // come, go, or are first seen pointing), or when the editor lost it: Excalidraw may drop
  // the map while it takes its first scene.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const peers = latest.current;
    const api = apiRef.current;
    if (!peers || !api) return;
    if (applied.current === key && api.getAppState().collaborators.size === peers.length) return;
    applied.current = key;
    api.updateScene({ collaborators: toExcalidrawCollaborators(peers) });
  }, [key, collaborators, apiRef]);
  // Peers known before Excalidraw was ready.
  return useMemo(
    () => (api: ExcalidrawImperativeAPI) => {
      const peers = latest.current;
      if (peers && peers.length > 0)
        queueMicrotask(() => api.updateScene({ collaborators: toExcalidrawCollaborators(peers) }));
    },
    [],
  );
}
