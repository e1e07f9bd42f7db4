/**
 * The sync engine with a canvas kept on the device (`persistence`), against the real server:
 * the kept scene opens with no connection, changes made offline survive a new client (a
 * reload) and go once with their ids, two clients of one device share one outbox and one
 * sends, changes refused on reconnect are handed over, a canvas never kept says so.
 */
import { IDBFactory } from 'fake-indexeddb';
import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { rect } from '../../test/elements';
import {
  closeAfterTest,
  linesDrawn,
  open,
  sharedCanvas,
  useEngineServer,
  visibleIds,
} from '../../test/engineServer';
import {
  change,
  device,
  drawThenLeaveOffline,
  gatedFiles,
  ids,
  openOffline,
  outboxKept,
  photo,
  photoElement,
} from '../../test/keptDevice';
import { intercept, until } from '../../test/testBoard';
import type { TestTab } from '../../test/testBoard';
import { httpFileTransport } from '../fileTransport';
import type { CanvasPersistence } from './CanvasPersistence';
import { indexedDbPersistence } from './indexedDbPersistence';
import { outboxKey } from '../outbox';

const server = useEngineServer();

describe('CollaborationClient with a canvas kept on the device', () => {
  it('shows the kept scene and the kept outbox at once while the transport cannot connect, marked offline with its last sync', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    await drawThenLeaveOffline(server().url, alice, canvasId, keep(), ['a', 'b'], ['c']);

    const tab = await openOffline(alice, canvasId, { persistence: keep() });
    expect(visibleIds(tab).sort()).toEqual(['a', 'b', 'c']);
    expect(tab.client.status).toBe('offline');
    expect(tab.client.pendingCount).toBe(1);
    const state = await firstValueFrom(tab.client.offline$);
    expect(state.copy).toBe('kept');
    expect(state.unavailable).toBe(false);
    expect(state.lastSyncedAt).toBeGreaterThan(Date.now() - 120_000);
  });

  it('shows the kept scene offline on an editor the host attached before the kept scene was read', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    await drawThenLeaveOffline(server().url, alice, canvasId, keep(), ['a'], []);

    const tab = await openOffline(alice, canvasId, { persistence: keep() }, false);
    await tab.board.mountAttachedFirst();
    await firstValueFrom(tab.client.loaded$.pipe(filter(Boolean)));
    expect(visibleIds(tab)).toEqual(['a']);
  });

  it('online, a reopened canvas joins without reading its kept scene, and does not write the same revision again', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    const first = await open(server().url, alice, canvasId, { persistence: keep() });
    first.board.draw([rect('a')]);
    await until(first, () => first.client.pendingCount === 0, 'the ack');
    await firstValueFrom(first.client.offline$.pipe(filter((state) => state.copy === 'kept')));
    first.close();

    // The reload: what it asks of the device is counted.
    const calls: string[] = [];
    const counted = (persistence: CanvasPersistence): CanvasPersistence => ({
      ...persistence,
      loadScene: (id) => (calls.push('loadScene'), persistence.loadScene(id)),
      saveScene: (id, scene) => (calls.push('saveScene'), persistence.saveScene(id, scene)),
    });
    const again = await open(server().url, alice, canvasId, { persistence: counted(keep()) });
    expect(visibleIds(again)).toEqual(['a']);
    const kept = await firstValueFrom(
      again.client.offline$.pipe(filter((state) => state.copy === 'kept')),
    );
    // The save after the join comes, finds this revision kept, and only moves the sync time.
    await firstValueFrom(
      again.client.offline$.pipe(filter((state) => state.lastSyncedAt !== kept.lastSyncedAt)),
    );
    expect(calls).toEqual([]);
    // A change moves the revision on: that one is kept.
    again.board.draw([rect('b')]);
    await firstValueFrom(again.client.offline$.pipe(filter(() => calls.includes('saveScene'))));
    expect(calls).toEqual(['saveScene']);
  });

  it('sends the changes kept offline from a new client (a reload), once each and under their original event ids', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    await drawThenLeaveOffline(
      server().url,
      alice,
      canvasId,
      keep(),
      ['a'],
      ['off1', 'off2', 'off3'],
    );
    const b = await open(server().url, bob, canvasId);
    b.board.draw([rect('meanwhile')]);
    await until(b, () => b.client.pendingCount === 0, 'Bob’s ack');

    const sent: string[] = [];
    const watch = intercept('canvas-update', () => null);
    const tab = await open(
      server().url,
      alice,
      canvasId,
      { persistence: keep(), newEventId: ids('reload') },
      true,
      (transport) => {
        const wrapped = watch.wrap(transport);
        return {
          ...wrapped,
          request: ((event, payload) => {
            if (event === 'canvas-update') sent.push((payload as { eventId: string }).eventId);
            return wrapped.request(event, payload);
          }) as typeof transport.request,
        };
      },
    );
    await until(tab, () => tab.client.pendingCount === 0, 'the kept changes acknowledged');
    expect(sent).toEqual(['first-2', 'first-3', 'first-4']);
    await until(tab, () => visibleIds(tab).includes('meanwhile'), 'Bob’s change merged');
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored.sort()).toEqual(['a', 'meanwhile', 'off1', 'off2', 'off3']);
    // The kept outbox empties right after the acks (each removal is written once acknowledged).
    await outboxKept(keep(), canvasId, (changes) => changes.length === 0);
  });

  it('two clients of one device share one outbox: each shows the other’s changes, and every change is sent once, by one of them', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    const counted = [
      intercept('canvas-update', () => null),
      intercept('canvas-update', () => null),
    ];
    const tabs = await Promise.all(
      counted.map((count, n) =>
        open(
          server().url,
          alice,
          canvasId,
          { persistence: keep(), newEventId: ids(`tab${n}`) },
          true,
          count.wrap,
        ),
      ),
    );
    for (const tab of tabs) tab.transport.socket.disconnect();
    for (const tab of tabs) await until(tab, () => tab.client.status === 'offline', 'offline');
    tabs[0]!.board.draw([rect('one1')]);
    tabs[1]!.board.draw([rect('two1')]);
    tabs[0]!.board.draw([rect('one2')]);
    tabs[1]!.board.draw([rect('two2')]);
    for (const tab of tabs)
      await until(tab, () => tab.client.pendingCount === 4, 'one shared outbox of 4');
    // Offline still, each board shows the other's changes (read from the shared outbox).
    const drawnIds = ['one1', 'one2', 'two1', 'two2'];
    const shows = (tab: TestTab) =>
      drawnIds.every((id) => tab.board.getSceneElements().some((element) => element.id === id));
    for (const tab of tabs) await until(tab, () => shows(tab), 'both tabs’ changes shown');

    for (const tab of tabs) tab.transport.socket.connect();
    for (const tab of tabs)
      await until(
        tab,
        () => tab.client.status === 'live' && tab.client.pendingCount === 0,
        'all acknowledged',
      );
    const lines = linesDrawn(await server().events(), canvasId);
    expect(lines.flatMap((line) => line.data.elements.map((element) => element.id)).sort()).toEqual(
      ['one1', 'one2', 'two1', 'two2'],
    );
    expect(counted[0]!.calls() + counted[1]!.calls()).toBe(4);
    expect(Math.min(counted[0]!.calls(), counted[1]!.calls())).toBe(0);
    // The tab that sent the other's changes still shows them (the server echoes no author).
    for (const tab of tabs) expect(shows(tab)).toBe(true);
  });

  it('hands over the changes made offline that the server refuses on reconnect (access removed), and forgets them only once released', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const keep = device(bob.userId);
    await drawThenLeaveOffline(server().url, bob, canvasId, keep(), ['b0'], ['lost1', 'lost2']);
    await server().removeCollaborator(alice.userId, canvasId, bob.userId);

    const tab = await open(server().url, bob, canvasId, { persistence: keep() }, false);
    const refused = await firstValueFrom(tab.client.refusedOffline$);
    expect(refused.canvasId).toBe(canvasId);
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(refused.code);
    expect(refused.elements.map((element) => element.id).sort()).toEqual(['lost1', 'lost2']);
    const persistence = keep();
    expect(await persistence.loadOutbox(canvasId)).toHaveLength(2);

    await refused.release();
    expect(await persistence.loadOutbox(canvasId)).toEqual([]);
    expect(await persistence.loadScene(canvasId)).toBeNull();
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored).toEqual(['b0']);
  });

  it('says a canvas never kept on this device is not available offline, instead of waiting', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const tab = await openOffline(alice, canvasId, { persistence: device(alice.userId)() }, false);
    let shown = false;
    void tab.client.initialScene().then(
      () => (shown = true),
      () => undefined,
    );
    const state = await firstValueFrom(
      tab.client.offline$.pipe(filter((s) => s.copy !== 'checking')),
    );
    expect(state).toEqual({ copy: 'none', lastSyncedAt: null, unavailable: true });
    expect(tab.client.status).toBe('offline');
    expect(shown).toBe(false);
  });

  it('keeps an image added offline with its file through a reload, and uploads it when the network returns', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    const files = gatedFiles(server().url, alice);
    const firstKept = keep();
    const first = await open(server().url, alice, canvasId, {
      persistence: firstKept,
      files: files.transport,
      retryDelayMs: 200,
    });
    first.transport.socket.disconnect();
    files.gate.offline = true;
    await until(first, () => first.client.status === 'offline', 'offline');
    first.board.addImage(photoElement, photo);
    await outboxKept(firstKept, canvasId, (changes) => changes.length === 1);
    first.close();

    const reloaded = await openOffline(alice, canvasId, {
      persistence: keep(),
      files: files.transport,
    });
    expect(visibleIds(reloaded)).toEqual(['img']);
    expect(reloaded.board.files[photo.id]?.dataURL).toBe(photo.dataURL);
    reloaded.close();

    files.gate.offline = false;
    const online = await open(server().url, alice, canvasId, {
      persistence: keep(),
      files: files.transport,
      retryDelayMs: 200,
    });
    await until(online, () => online.client.pendingCount === 0, 'the image element sent');
    const b = await open(server().url, bob, canvasId, {
      files: httpFileTransport({ baseUrl: server().url, token: () => bob.token }),
      retryDelayMs: 200,
    });
    expect(visibleIds(b)).toEqual(['img']);
    await until(b, () => b.board.files[photo.id]?.dataURL === photo.dataURL, 'the photo at Bob');
  });

  it('warns when the device’s storage is nearly full, and still sends every change', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const factory = new IDBFactory();
    const persistence = indexedDbPersistence(`tabula:${alice.userId}`, {
      indexedDB: factory,
      estimate: async () => ({ usage: 95_000_000, quota: 100_000_000 }),
    });
    closeAfterTest(() => persistence.close());
    const tab = await open(server().url, alice, canvasId, { persistence });
    const warned = await firstValueFrom(tab.client.storage$.pipe(filter((s) => s !== null)));
    expect(warned).toEqual({
      usage: 95_000_000,
      quota: 100_000_000,
      nearlyFull: true,
      full: false,
    });
    tab.board.draw([rect('stillsent')]);
    await until(tab, () => tab.client.pendingCount === 0, 'the ack');
    expect(linesDrawn(await server().events(), canvasId)).toHaveLength(1);
  });

  it('says storage is full when a change cannot be kept, and keeps it in memory until sent', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const real = device(alice.userId)();
    const refusing: CanvasPersistence = {
      ...real,
      addToOutbox: () =>
        Promise.reject(new DOMException('The quota is spent', 'QuotaExceededError')),
    };
    const tab = await open(server().url, alice, canvasId, { persistence: refusing });
    tab.board.draw([rect('unkept')]);
    const full = await firstValueFrom(tab.client.storage$.pipe(filter((s) => s?.full === true)));
    expect(full?.nearlyFull).toBe(true);
    await until(tab, () => tab.client.pendingCount === 0, 'the ack');
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored).toEqual(['unkept']);
  });

  it('moves an outbox an older version kept in localStorage into the persistence, and sends it once', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const storage = new Map<string, string>([
      [outboxKey(alice.userId, canvasId), JSON.stringify([change('old-1', 'fromls')])],
    ]);
    const outboxStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const persistence = device(alice.userId)();
    const tab = await open(server().url, alice, canvasId, { persistence, outboxStorage });
    expect(visibleIds(tab)).toEqual(['fromls']);
    await until(tab, () => tab.client.pendingCount === 0, 'the moved change acknowledged');
    expect(storage.size).toBe(0);
    await outboxKept(persistence, canvasId, (changes) => changes.length === 0);
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored).toEqual(['fromls']);
  });

  it('sends 50 strokes kept offline once each after a reload and reconnect (time to the last ack printed)', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const keep = device(alice.userId);
    const strokes = Array.from({ length: 50 }, (_, n) => `s${n}`);
    await drawThenLeaveOffline(server().url, alice, canvasId, keep(), ['a'], strokes);

    const started = performance.now();
    const tab = await open(server().url, alice, canvasId, { persistence: keep() });
    await until(tab, () => tab.client.pendingCount === 0, 'the 50 strokes acknowledged');
    console.log(
      `[figures] reconnect to the last of 50 offline strokes acknowledged: ${Math.round(performance.now() - started)} ms`,
    );
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored.sort()).toEqual(['a', ...strokes].sort());
  });
});
