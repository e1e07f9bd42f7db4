import { describe, expect, it } from 'vitest';
import type { CanvasSummary, CollaboratorCanvas } from '@tabula/domain/protocol';
import { memoryStorage } from '../../test/memoryStorage';
import { KEPT_LISTS_KEY, keepCanvasList, keptCanvasList } from './keptCanvasList';

const canvas = { _id: 'c1', name: 'Train notes' } as CanvasSummary;
const live = { canvasId: 'c2', canvasName: 'Team board' } as CollaboratorCanvas;
const signedIn = {
  session: { user: { id: 'u1' } },
  ready: true,
  canvases: [canvas],
  liveCanvases: [live],
  adminCanvasIds: ['c1'],
};

describe('the canvas lists kept on the device', () => {
  it('keeps the signed-in user’s lists and gives them back to that user only', () => {
    const storage = memoryStorage();
    keepCanvasList(storage, signedIn);
    expect(keptCanvasList(storage, 'u1')).toEqual({
      userId: 'u1',
      canvases: [canvas],
      liveCanvases: [live],
      adminCanvasIds: ['c1'],
    });
    expect(keptCanvasList(storage, 'u2')).toBeNull();
  });

  it('is not overwritten by the empty lists of a start that has not loaded them yet', () => {
    const storage = memoryStorage();
    keepCanvasList(storage, signedIn);
    keepCanvasList(storage, { ...signedIn, canvases: [], liveCanvases: [], adminCanvasIds: [] });
    expect(keptCanvasList(storage, 'u1')?.canvases).toEqual([canvas]);
  });

  it('is forgotten once nobody is signed in, and ignores what is not lists', () => {
    const storage = memoryStorage();
    keepCanvasList(storage, signedIn);
    keepCanvasList(storage, { ...signedIn, session: null });
    expect(storage.getItem(KEPT_LISTS_KEY)).toBeNull();
    storage.setItem(KEPT_LISTS_KEY, '{"userId":"u1","canvases":3}');
    expect(keptCanvasList(storage, 'u1')).toBeNull();
    storage.setItem(KEPT_LISTS_KEY, 'not json');
    expect(keptCanvasList(storage, 'u1')).toBeNull();
  });
});
