/**
 * A picture whose file the server refuses (an SVG holding a script) is reported with the
 * server's reason and leaves the board: the user's, and the partner's that had it already.
 */
import { describe, expect, it } from 'vitest';
import { FILE_UNSAFE_SVG } from '@tabula/domain/protocol';
import type { SceneElement } from '@tabula/domain';
import { rect } from '../test/elements';
import { open, sharedCanvas, useEngineServer, visibleIds } from '../test/engineServer';
import { until } from '../test/testBoard';
import type { CollaborationError } from './collaborationOptions';
import { httpFileTransport } from './fileTransport';
import type { ImageFile } from './fileTransport';

const server = useEngineServer();

const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>';
const scripted: ImageFile = {
  id: 'scripted1',
  mimeType: 'image/svg+xml',
  dataURL: `data:image/svg+xml;base64,${Buffer.from(SCRIPTED_SVG).toString('base64')}`,
  created: 1,
};
const picture = rect('pic', 1, {
  type: 'image',
  fileId: scripted.id,
  status: 'pending',
  scale: [1, 1],
} as Partial<SceneElement>);

describe('a picture whose file is refused', () => {
  it('is reported with the reason and leaves both boards', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const filesOf = (token: string) =>
      httpFileTransport({ baseUrl: server().url, token: () => token });
    const a = await open(server().url, alice, canvasId, { files: filesOf(alice.token) });
    const b = await open(server().url, bob, canvasId, { files: filesOf(bob.token) });
    const errors: CollaborationError[] = [];
    a.client.errors$.subscribe((error) => errors.push(error));

    a.board.draw([rect('kept')]);
    a.board.addImage(picture, scripted);
    await until(a, () => errors.length > 0, 'the refusal');
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'update-refused',
        code: 'FILE_REFUSED',
        message: FILE_UNSAFE_SVG,
      }),
    ]);
    expect(visibleIds(a)).toEqual(['kept']);
    // The tombstone is committed like any change: the partner's board drops the picture too.
    await until(b, () => visibleIds(b).join() === 'kept', 'the picture gone at Bob');
    await until(a, () => a.client.pendingCount === 0, 'the tombstone acked');
    const reopened = await open(server().url, bob, canvasId);
    expect(visibleIds(reopened)).toEqual(['kept']);
  });
});
