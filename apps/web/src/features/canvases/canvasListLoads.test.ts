import { describe, expect, it } from 'vitest';
import { createServices } from '../../app/services';
import { memoryStorage } from '../../test/memoryStorage';
import { loadCanvasListOnAppLoad, refreshCanvasList } from './canvasListLoads';

/** Services whose `getallcanvases` answers are counted (and held until `answer()`). */
function countingServices() {
  const held: (() => void)[] = [];
  let requests = 0;
  const services = createServices({
    storage: memoryStorage({ token: 'tok' }),
    openRealtime: () => new Promise(() => undefined),
    fetch: async () => {
      requests += 1;
      await new Promise<void>((resolve) => held.push(resolve));
      const canvas = { _id: `c${requests}`, name: 'Plan', timestamp: '2024-01-01T00:00:00.000Z' };
      return new Response(JSON.stringify({ success: true, data: [canvas] }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const answer = async () => {
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    held.shift()!();
  };
  return { services, answer, requests: () => requests };
}

describe('the canvas list on a cold open', () => {
  it('the first screen takes the app load’s list; the next screen asks again', async () => {
    const { services, answer, requests } = countingServices();
    const appLoad = loadCanvasListOnAppLoad(services);
    await answer();
    await appLoad;
    await refreshCanvasList(services);
    expect(requests()).toBe(1);
    expect(services.store.get().canvases.map((c) => c._id)).toEqual(['c1']);
    const next = refreshCanvasList(services);
    await answer();
    await next;
    expect(requests()).toBe(2);
  });

  it('a screen that opens while the app load is asking shares its request', async () => {
    const { services, answer, requests } = countingServices();
    const appLoad = loadCanvasListOnAppLoad(services);
    const screen = refreshCanvasList(services);
    await answer();
    await Promise.all([appLoad, screen]);
    expect(requests()).toBe(1);
    // The screen showed that list: the one after it asks again.
    const next = refreshCanvasList(services);
    await answer();
    await next;
    expect(requests()).toBe(2);
  });
});
