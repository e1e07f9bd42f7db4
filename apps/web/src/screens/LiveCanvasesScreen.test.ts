import { describe, expect, it } from 'vitest';
import { INITIAL_STATE } from '../app/appState';
import { liveCanvasItems } from './LiveCanvasesScreen';

describe('liveCanvasItems', () => {
  it('lists joined live canvases, then own canvases that are live, once each', () => {
    const state = {
      ...INITIAL_STATE,
      liveCanvases: [{ canvasId: 'j1', canvasName: 'Joined', id: 'u2' }],
      canvases: [
        { _id: 'o1', name: 'Mine live', timestamp: '2026-01-02' },
        { _id: 'o2', name: 'Mine only', timestamp: '2026-01-01' },
      ],
      adminCanvasIds: ['o1'],
    };

    expect(liveCanvasItems(state)).toEqual([
      { id: 'j1', name: 'Joined' },
      { id: 'o1', name: 'Mine live', timestamp: '2026-01-02' },
    ]);
  });
});
