/**
 * The live `history-appended` feed of a canvas whose scene the node has dropped for its memory
 * budget (`SCENE_MEMORY_MB`): the entry comes from a fold of the log, equal to the history
 * call's, over the real server and sockets.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryAppendedMessage, HistoryPage } from '@tabula/domain/protocol';
import { createCanvas, element, freshEventId, signUp } from './scenario';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('live history entries of a canvas whose scene this node no longer holds', () => {
  it('folds the entry from the log: the same entry as the history call, clearing included', async () => {
    // A budget of one byte keeps only the most recently used scene.
    const server = await startTestServer({ overrides: { sceneMemoryBytes: 1 } });
    try {
      const owner = await signUp(server, 'owner');
      const socket = await server.socket(owner.token);
      const [watched, other] = [
        await createCanvas(server, owner.token, 'Watched'),
        await createCanvas(server, owner.token, 'Other'),
      ];
      const draw = async (canvasId: string, elements: unknown[]) =>
        (
          (await emitWithAck(socket, 'canvas-update', {
            canvasId,
            eventId: freshEventId(),
            elements,
          })) as { data: { revision: number } }
        ).data.revision;
      await emitWithAck(socket, 'join-canvas', { canvasId: watched });
      await draw(watched, [element('a'), element('b', { index: 'a1' })]);
      // The history screen's watch: its entries come as history-appended.
      await emitWithAck(socket, 'watch-canvas', { canvasId: watched });
      // Opening the other canvas loads its scene, and the watched one's is dropped.
      await emitWithAck(socket, 'join-canvas', { canvasId: other });
      const heard = nextEvent<HistoryAppendedMessage>(socket, 'history-appended');
      const revision = await draw(watched, [
        element('a', { version: 2, isDeleted: true }),
        element('b', { index: 'a1', version: 2, isDeleted: true }),
      ]);
      let message = await heard;
      while (message.entry.revision < revision || message.canvasId !== watched)
        message = await nextEvent<HistoryAppendedMessage>(socket, 'history-appended');
      const logged = await server.get<HistoryPage>(
        `/canvas/history/${watched}?limit=1`,
        owner.token,
      );
      expect(message.entry).toEqual(logged.body.data!.entries[0]);
      expect(message.entry.summary).toMatchObject({
        deleted: [{ id: 'a' }, { id: 'b' }],
        cleared: true,
      });
    } finally {
      await server.close();
    }
  });
});
