import { API_PATHS } from '@tabula/domain/protocol';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './constants';
import { isServerNavigation } from './serverNavigations';

describe('serverNavigations', () => {
  it('leaves every REST call to the server', () => {
    const calls = Object.values(API_PATHS).map((path) =>
      path.replace(':id', '3f1c2a').replace(':elementId', 'el1').replace(':fileId', 'f1'),
    );
    for (const call of calls) {
      expect(isServerNavigation(call), call).toBe(true);
      expect(isServerNavigation(`${call}?revision=2`), call).toBe(true);
    }
  });

  it('leaves Socket.IO, health, the API, embeds and files to the server', () => {
    for (const path of [
      '/socket.io/?EIO=4&transport=polling',
      '/api/health',
      '/health',
      '/ready',
      '/embed/abc',
      '/sw.js',
      '/manifest.webmanifest',
      '/assets/board-abc.js',
      '/fonts/Excalifont/Excalifont-Regular.woff2',
    ]) {
      expect(isServerNavigation(path), path).toBe(true);
    }
  });

  it("answers the app's routes with the app", () => {
    const id = '0b6f1f8e-5c7d-4a7e-9a4e-1d2c3b4a5f6e';
    for (const path of [
      ROUTES.home,
      ROUTES.canvases,
      ROUTES.liveCanvases,
      ROUTES.profile,
      ROUTES.signIn,
      ROUTES.signUp,
      ROUTES.canvas(id),
      ROUTES.liveCanvas(id),
      ROUTES.canvasHistory(id),
      ROUTES.liveCanvasHistory(id),
      `${ROUTES.canvas(id)}?from=list`,
      '/view/AbCdEf_123',
      '/no/such/page',
    ]) {
      expect(isServerNavigation(path), path).toBe(false);
    }
  });
});
