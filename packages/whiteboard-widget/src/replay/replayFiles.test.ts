import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import type { ImageFile } from '../collab/fileTransport';
import { REPLAY_FILE_CONCURRENCY, ReplayFiles } from './replayFiles';
import type { ReplayFileSource } from './replayFiles';

const image = (id: string, fileId: string, isDeleted = false) =>
  ({ id, type: 'image', fileId, isDeleted, version: 1 }) as unknown as SceneElement;
const rectangle = (id: string) =>
  ({ id, type: 'rectangle', isDeleted: false, version: 1 }) as unknown as SceneElement;
const file = (id: string): ImageFile => ({
  id,
  mimeType: 'image/png',
  dataURL: 'data:image/png;base64,iVBORw0KGgo=',
  created: 1,
});

/** A file source whose answers the test gives, one download at a time. */
function manualSource() {
  const calls: string[] = [];
  const pending = new Map<string, { resolve(file: ImageFile | null): void; reject(): void }>();
  const source: ReplayFileSource = {
    download(canvasId, fileId) {
      calls.push(`${canvasId} ${fileId}`);
      return new Promise((resolve, reject) =>
        pending.set(fileId, { resolve, reject: () => reject(new Error('offline')) }),
      );
    },
  };
  return { source, calls, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ReplayFiles', () => {
  it('fetches the file of each image element once, and hands each arrival on', async () => {
    const { source, calls, pending } = manualSource();
    const arrived: string[] = [];
    const files = new ReplayFiles(source, 'c1', (given) => arrived.push(given.id));
    files.want([image('a', 'f1'), rectangle('r'), image('b', 'f1'), image('c', 'f2')]);
    files.want([image('a', 'f1'), image('c', 'f2')]);
    expect(calls).toEqual(['c1 f1', 'c1 f2']);
    pending.get('f1')!.resolve(file('f1'));
    await flush();
    expect(arrived).toEqual(['f1']);
    expect(Object.keys(files.files())).toEqual(['f1']);
    files.want([image('a', 'f1')]);
    expect(calls).toEqual(['c1 f1', 'c1 f2']);
  });

  it('leaves out a file that fails or is missing, and does not ask for it again', async () => {
    const { source, calls, pending } = manualSource();
    const files = new ReplayFiles(source, 'c1', () => undefined);
    files.want([image('a', 'gone'), image('b', 'broken'), image('c', 'ok')]);
    pending.get('gone')!.resolve(null);
    pending.get('broken')!.reject();
    pending.get('ok')!.resolve(file('ok'));
    await flush();
    expect(Object.keys(files.files())).toEqual(['ok']);
    files.want([image('a', 'gone'), image('b', 'broken')]);
    expect(calls).toHaveLength(3);
  });

  it('skips deleted images and fetches a few at a time', async () => {
    const { source, calls, pending } = manualSource();
    const files = new ReplayFiles(source, 'c1', () => undefined);
    files.want([image('x', 'deleted', true)]);
    const many = Array.from({ length: 7 }, (_, n) => image(`e${n}`, `f${n}`));
    files.want(many);
    expect(calls).toHaveLength(REPLAY_FILE_CONCURRENCY);
    pending.get('f0')!.resolve(file('f0'));
    await flush();
    expect(calls).toHaveLength(REPLAY_FILE_CONCURRENCY + 1);
    for (let n = 1; n < 7; n += 1) {
      pending.get(`f${n}`)?.resolve(file(`f${n}`));
      await flush();
    }
    for (const waiting of pending.values()) waiting.resolve(null);
    await flush();
    expect(calls.map((call) => call.split(' ')[1])).toEqual(many.map((_, n) => `f${n}`));
  });

  it('settles when every file of the elements has arrived or failed (what an export waits for)', async () => {
    const { source, pending } = manualSource();
    const files = new ReplayFiles(source, 'c1', () => undefined);
    let settled: Readonly<Record<string, ImageFile>> | null = null;
    void files.settled([image('a', 'f1'), image('b', 'f2')]).then((held) => (settled = held));
    pending.get('f1')!.resolve(file('f1'));
    await flush();
    expect(settled).toBeNull();
    pending.get('f2')!.reject();
    await flush();
    expect(Object.keys(settled!)).toEqual(['f1']);
  });

  it('stops handing files on once disposed', async () => {
    const { source, pending } = manualSource();
    const arrived: string[] = [];
    const files = new ReplayFiles(source, 'c1', (given) => arrived.push(given.id));
    files.want([image('a', 'f1')]);
    files.dispose();
    pending.get('f1')!.resolve(file('f1'));
    await flush();
    expect(arrived).toEqual([]);
  });
});
