import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SCENE_DOWNLOAD_TTL_MS } from '@tabula/domain/protocol';
import type { CompressedScene } from './compressedScene';
import { SceneDownloads } from './sceneDownloads';

// Some texts are not ASCII: the body is UTF-8, several bytes to some characters.
const texts = (count: number, tag = 'a') =>
  Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      id: `${tag}${i}`,
      note: i % 9 === 0 ? 'ünïcode ✓ 🖊'.repeat(5) : 'x'.repeat(50),
    }),
  );

const ticketOf = (path: string) => path.split('/').pop()!;

async function bodyOf(scene: CompressedScene): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of scene.read()) chunks.push(chunk);
  return JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8'));
}

describe('SceneDownloads', () => {
  it('answers a ticket once with the scene it was issued for', async () => {
    const downloads = new SceneDownloads();
    const issued = downloads.issue('c1', 7, texts(3000))!;
    expect(issued).toMatchObject({ kind: 'download', canvasId: 'c1', revision: 7, elements: 3000 });
    const scene = downloads.redeem(ticketOf(issued.path))!;
    const body = (await bodyOf(scene)) as { id: string }[];
    expect(body).toEqual(texts(3000).map((text) => JSON.parse(text)));
    // `bytes` counts UTF-16 units: a close measure for the client's progress, not exact.
    expect(issued.bytes).toBe(JSON.stringify(body).length);
    expect(downloads.redeem(ticketOf(issued.path))).toBeUndefined();
  });

  it('compresses one revision once for every joiner', () => {
    const downloads = new SceneDownloads();
    const scene = texts(100);
    const first = downloads.redeem(ticketOf(downloads.issue('c1', 3, scene)!.path));
    const second = downloads.redeem(ticketOf(downloads.issue('c1', 3, scene)!.path));
    expect(second).toBe(first);
    // A newer revision replaces the kept one; an older ticket gets its own, kept for nobody.
    const newer = downloads.redeem(ticketOf(downloads.issue('c1', 4, texts(101))!.path));
    expect(newer).not.toBe(first);
    const older = downloads.issue('c1', 3, scene)!;
    const late = downloads.redeem(ticketOf(older.path));
    expect(late).not.toBe(first);
    expect(downloads.redeem(ticketOf(downloads.issue('c1', 4, texts(101))!.path))).toBe(newer);
  });

  it('forgets a ticket after its time, and issues none beyond its limit', () => {
    let now = 1_000;
    const downloads = new SceneDownloads({ tickets: 2 }, () => now);
    const early = downloads.issue('c1', 1, texts(10))!;
    downloads.issue('c2', 1, texts(10));
    expect(downloads.issue('c3', 1, texts(10))).toBeNull();
    now += SCENE_DOWNLOAD_TTL_MS;
    expect(downloads.redeem(ticketOf(early.path))).toBeUndefined();
    expect(downloads.waiting).toBe(0);
    expect(downloads.issue('c3', 1, texts(10))).not.toBeNull();
  });
});
