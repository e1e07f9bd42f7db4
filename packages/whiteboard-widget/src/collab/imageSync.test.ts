import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { FileRefusedError } from './fileTransport';
import type { FileTransport, ImageFile } from './fileTransport';
import { ImageSync, MAX_FILE_FETCHES } from './imageSync';
import { ManualScheduler } from './scheduler';

const image = (id: string, fileId: string, isDeleted = false) =>
  ({ id, type: 'image', fileId, isDeleted, version: 1 }) as unknown as SceneElement;
const file = (id: string): ImageFile => ({
  id,
  mimeType: 'image/png',
  dataURL: 'data:image/png;base64,iVBORw0KGgo=',
  created: 1,
});

/** A transport whose server holds `stored`; every call is recorded. */
function fakeTransport(stored: Record<string, ImageFile> = {}, refuse?: string) {
  const calls: string[] = [];
  const transport: FileTransport = {
    async upload(canvasId, sent) {
      calls.push(`upload ${canvasId} ${sent.id}`);
      if (refuse) throw new FileRefusedError(413, refuse);
      stored[sent.id] = sent;
    },
    async download(canvasId, fileId) {
      calls.push(`download ${canvasId} ${fileId}`);
      return stored[fileId] ?? null;
    },
  };
  return { transport, calls, stored };
}

function sync(transport: FileTransport) {
  const scheduler = new ManualScheduler();
  const added: string[] = [];
  const refused: string[] = [];
  const images = new ImageSync({
    transport,
    canvasId: 'c1',
    scheduler,
    retryDelayMs: 1000,
    addFiles: (files) => added.push(...files.map((f) => f.id)),
    refused: (_id, message) => refused.push(message),
  });
  return { images, scheduler, added, refused };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ImageSync', () => {
  it('uploads a file this client holds once, however often the scene is reported', async () => {
    const { transport, calls } = fakeTransport();
    const { images } = sync(transport);
    const files = { f1: file('f1') };
    images.sceneChanged([image('e1', 'f1')], files);
    images.sceneChanged([image('e1', 'f1'), image('e2', 'f1')], { ...files });
    await settle();
    images.sceneChanged([image('e1', 'f1')], { ...files });
    await settle();
    expect(calls).toEqual(['upload c1 f1']);
  });

  it('fetches a file the editor lacks, and asks again while the server has none yet', async () => {
    const { transport, calls, stored } = fakeTransport();
    const { images, scheduler, added } = sync(transport);
    images.sceneChanged([image('e1', 'f1'), image('gone', 'f2', true)], {});
    await settle();
    expect(calls).toEqual(['download c1 f1']);
    stored.f1 = file('f1');
    scheduler.advance(1000);
    await settle();
    expect(calls).toEqual(['download c1 f1', 'download c1 f1']);
    expect(added).toEqual(['f1']);
  });

  it(`gives up on a file after ${MAX_FILE_FETCHES} fetches`, async () => {
    const { transport, calls } = fakeTransport();
    const { images, scheduler } = sync(transport);
    images.sceneChanged([image('e1', 'f1')], {});
    for (let i = 0; i < MAX_FILE_FETCHES + 2; i += 1) {
      await settle();
      scheduler.advance(64_000);
    }
    expect(calls.length).toBe(MAX_FILE_FETCHES);
    expect(scheduler.pending).toBe(0);
  });

  it('reports a refused upload once and does not send it again', async () => {
    const { transport, calls } = fakeTransport({}, 'Images may be at most 4 MB.');
    const { images, refused, scheduler } = sync(transport);
    images.sceneChanged([image('e1', 'f1')], { f1: file('f1') });
    await settle();
    images.sceneChanged([image('e1', 'f1')], { f1: file('f1') });
    scheduler.advance(60_000);
    await settle();
    expect(calls).toEqual(['upload c1 f1']);
    expect(refused).toEqual(['Images may be at most 4 MB.']);
  });

  it('uploads a file that turns up locally while it was being fetched (an insert in progress)', async () => {
    const { transport, calls } = fakeTransport();
    const { images, added } = sync(transport);
    images.sceneChanged([image('e1', 'f1')], {});
    images.sceneChanged([image('e1', 'f1')], { f1: file('f1') });
    await settle();
    expect(calls).toEqual(['download c1 f1', 'upload c1 f1']);
    expect(added).toEqual([]);
  });
});
