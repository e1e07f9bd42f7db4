/**
 * The live history feed over the real server (SQLite log, real sockets): each new event of a
 * canvas reaches the sockets watching its history (`watch-canvas`, the history screen) as
 * `history-appended`, the same entry the history call gives; a board (`join-canvas`) gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryAppendedMessage, HistoryPage } from '@tabula/domain/protocol';
import type { Member } from './scenario';
import { createCanvas, draw, element, makeCollaborator, signUp } from './scenario';
import type { ClientSocket, TestServer } from './testServer';
import { emitWithAck, nextEvent, startTestServer } from './testServer';

describe('the live history feed', () => {
  let server: TestServer;
  let owner: Member;
  let guest: Member;
  let ownerSocket: ClientSocket;
  let guestSocket: ClientSocket;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { snapshotInterval: 4 } });
    [owner, guest] = [await signUp(server, 'owner'), await signUp(server, 'guest')];
    [ownerSocket, guestSocket] = [
      await server.socket(owner.token),
      await server.socket(guest.token),
    ];
  });
  afterAll(() => server.close());

  /** A shared canvas the owner has open on a board and the guest watches the history of. */
  async function watchedCanvas(): Promise<string> {
    const canvasId = await createCanvas(server, owner.token, 'Story');
    await makeCollaborator(ownerSocket, guestSocket, guest.id, canvasId);
    await emitWithAck(ownerSocket, 'join-canvas', { canvasId });
    expect(await emitWithAck(guestSocket, 'watch-canvas', { canvasId })).toMatchObject({
      ok: true,
    });
    return canvasId;
  }

  /** The socket's `history-appended` of `revision` (entries of earlier events may come first). */
  async function entryOf(
    socket: ClientSocket,
    heard: Promise<HistoryAppendedMessage>,
    revision: number,
  ) {
    let message = await heard;
    while (message.entry.revision < revision)
      message = await nextEvent<HistoryAppendedMessage>(socket, 'history-appended');
    return message;
  }

  it('sends each new entry to the sockets that watch the history (history-appended)', async () => {
    const canvasId = await watchedCanvas();
    const heard = nextEvent<HistoryAppendedMessage>(guestSocket, 'history-appended');
    const revision = await draw(ownerSocket, canvasId, [element('live')]);
    expect(await entryOf(guestSocket, heard, revision)).toMatchObject({
      canvasId,
      entry: {
        revision,
        type: 'LineDrawn',
        actorName: owner.username,
        summary: { added: [{ id: 'live' }] },
      },
    });
  });

  it('gives a drawing that resends held copies the same live entry as the history call', async () => {
    const canvasId = await watchedCanvas();
    await draw(ownerSocket, canvasId, [element('held'), element('held-too')]);
    // The same copies again (the server skips them unparsed), beside a new element, and one
    // id named twice (its held copy, then a newer one), which the skip must leave to the rule.
    const again = [
      element('held'),
      element('fresh'),
      element('held-too'),
      element('held-too', { version: 2, versionNonce: 9 }),
    ];
    const heard = nextEvent<HistoryAppendedMessage>(guestSocket, 'history-appended');
    const revision = await draw(ownerSocket, canvasId, again);
    const message = await entryOf(guestSocket, heard, revision);
    const logged = await server.get<HistoryPage>(
      `/canvas/history/${canvasId}?limit=1`,
      owner.token,
    );
    expect(message.entry).toEqual(logged.body.data!.entries[0]);
    expect(message.entry.summary).toMatchObject({ added: [{ id: 'fresh', type: 'rectangle' }] });
  });

  it('lets a socket watch a canvas without its board: history entries, no drawing frames; strangers get NOT_FOUND', async () => {
    const canvasId = await watchedCanvas();
    const watcher = await server.socket(guest.token);
    const watching = await emitWithAck(watcher, 'watch-canvas', { canvasId });
    expect(watching).toMatchObject({ ok: true, data: { canvasId } });
    const heard: string[] = [];
    watcher.onAny((event: string) => heard.push(event));
    const entry = nextEvent<HistoryAppendedMessage>(watcher, 'history-appended');
    await entryOf(watcher, entry, await draw(ownerSocket, canvasId, [element('watched')]));
    // The board's frame for this commit would have come before its history entry.
    expect(heard).not.toContain('updated-canvas');
    const stranger = await signUp(server, 'stranger');
    const refused = await emitWithAck(await server.socket(stranger.token), 'watch-canvas', {
      canvasId,
    });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Canvas not found.' },
    });
  });

  it('sends no history entry to a board that does not watch the history, nor after close-canvas', async () => {
    const canvasId = await watchedCanvas();
    const board = await server.socket(guest.token);
    expect(await emitWithAck(board, 'join-canvas', { canvasId })).toMatchObject({ ok: true });
    const boardHeard: HistoryAppendedMessage[] = [];
    board.on('history-appended', (message: HistoryAppendedMessage) => boardHeard.push(message));
    const first = nextEvent<HistoryAppendedMessage>(guestSocket, 'history-appended');
    const unwatched = await draw(ownerSocket, canvasId, [element('unwatched')]);
    await entryOf(guestSocket, first, unwatched);
    // Entries go out in log order, each socket's in the order written: the board watching now,
    // the first entry it hears is the next one; one for `unwatched` would have come before it.
    expect(await emitWithAck(board, 'watch-canvas', { canvasId })).toMatchObject({ ok: true });
    const boardEntry = nextEvent<HistoryAppendedMessage>(board, 'history-appended');
    const watched = await draw(ownerSocket, canvasId, [element('watched')]);
    await entryOf(board, boardEntry, watched);
    expect(boardHeard.map((message) => message.entry.revision)).toEqual([watched]);
    // close-canvas ends the watch: the guest's watcher hears the next entry, this socket none.
    expect(await emitWithAck(board, 'close-canvas', { canvasId })).toMatchObject({ ok: true });
    const next = nextEvent<HistoryAppendedMessage>(guestSocket, 'history-appended');
    const closed = await draw(ownerSocket, canvasId, [element('closed')]);
    await entryOf(guestSocket, next, closed);
    expect(await emitWithAck(board, 'watch-canvas', { canvasId })).toMatchObject({ ok: true });
    const again = nextEvent<HistoryAppendedMessage>(board, 'history-appended');
    const last = await draw(ownerSocket, canvasId, [element('last')]);
    await entryOf(board, again, last);
    expect(boardHeard.map((message) => message.entry.revision)).toEqual([watched, last]);
  });
});
