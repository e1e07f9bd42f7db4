import type { AppState } from '../../app/appState';

/**
 * What a collaborator is told when the owner deletes a canvas they have open (they are sent to
 * 'All Live Canvases'): who deleted which canvas, from what the app knew of it before it went.
 * The spec has no wording for this; the server's generic 'Admin deleted the canvas.' names
 * neither.
 */
export function deletedCanvasNotice(state: AppState, canvasId: string): string {
  const canvas = state.liveCanvases.find((c) => c.canvasId === canvasId);
  const ownerId = canvas?.id;
  const owner =
    ownerId === undefined
      ? undefined
      : ((state.collaborators[canvasId] ?? []).find((c) => c.userId === ownerId)?.username ??
        (Object.hasOwn(state.onlineUsers, ownerId)
          ? state.onlineUsers[ownerId]?.username
          : undefined));
  const who = owner || 'The owner';
  return canvas?.canvasName
    ? `${who} deleted the canvas “${canvas.canvasName}”.`
    : `${who} deleted this canvas.`;
}
