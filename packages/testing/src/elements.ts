/**
 * A complete Excalidraw element for tests that put content on a real board or send it to a
 * real server: every field Excalidraw keeps, so the editor renders it as drawn. A rectangle
 * unless `fields` say otherwise.
 */
export function excalidrawElement(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'rectangle',
    version: 2,
    versionNonce: 1,
    isDeleted: false,
    x: 100,
    y: 100,
    width: 70,
    height: 50,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: 1,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
    ...fields,
  };
}
