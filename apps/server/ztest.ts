import { boardElements } from './bench/board/sceneFixture';
import { SceneDownloads } from './src/features/canvases/live/sceneDownloads';
const texts = boardElements(20000).map((e) => JSON.stringify(e));
for (let round = 0; round < 3; round++) {
  const d = new SceneDownloads();
  for (const enc of ['gzip', 'br'] as const) {
    const t = performance.now();
    const issued = d.issue('c', round, texts)!;
    const scene = d.redeem(issued.path.split('/').pop()!, enc)!;
    let first = 0,
      n = 0;
    let maxGap = 0,
      last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 1);
    for await (const c of scene.read()) {
      if (!first) first = performance.now() - t;
      n += c.length;
    }
    clearInterval(timer);
    console.log(
      enc,
      'first',
      first.toFixed(0),
      'all',
      (performance.now() - t).toFixed(0),
      n,
      'maxgap',
      maxGap.toFixed(1),
    );
  }
}
