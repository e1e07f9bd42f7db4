/**
 * The sync engine against the real server: unsent changes kept, resent once, in order, in shared storage.
 */
import {} from 'rxjs';
import { describe, expect, it } from 'vitest';
import { rect } from '../test/elements';
import { linesDrawn, open, sharedCanvas, useEngineServer, visibleIds } from '../test/engineServer';
import { drain, intercept, until } from '../test/testBoard';
import { ManualScheduler } from './scheduler';
import { TransportError } from './Transport';
import type { SceneElement } from '@tabula/domain';

const server = useEngineServer();

describe('CollaborationClient against the real server: changes waiting', () => {
  it('keeps changes made while disconnected and resends them after the re-join, stored once', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const a = await open(server().url, alice, canvasId);
    const b = await open(server().url, bob, canvasId);
    a.transport.socket.disconnect();
    await until(a, () => a.client.status === 'offline', 'offline');
    a.board.draw([rect('off1')]);
    a.board.draw([rect('off2')]);
    expect(a.client.pendingCount).toBe(2);
    b.board.draw([rect('meanwhile')]);
    await until(b, () => b.client.pendingCount === 0, 'Bob’s ack');

    a.transport.socket.connect();
    await until(a, () => a.client.status === 'live' && a.client.pendingCount === 0, 'the resend');
    expect(visibleIds(a).sort()).toEqual(['meanwhile', 'off1', 'off2']);
    await until(b, () => visibleIds(b).length === 3, 'Alice’s changes at Bob');
    const stored = linesDrawn(await server().events(), canvasId).flatMap((line) =>
      line.data.elements.map((element) => element.id),
    );
    expect(stored.sort()).toEqual(['meanwhile', 'off1', 'off2']);
  });

  it('keeps unsent changes in outboxStorage and resends them on the next join', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const storage = new Map<string, string>();
    const outboxStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const a = await open(server().url, alice, canvasId, { outboxStorage });
    a.transport.socket.disconnect();
    await until(a, () => a.client.status === 'offline', 'offline');
    a.board.draw([rect('kept1')]);
    a.close();
    expect(storage.size).toBe(1);

    const again = await open(server().url, alice, canvasId, { outboxStorage });
    expect(visibleIds(again)).toEqual(['kept1']);
    await until(again, () => again.client.pendingCount === 0, 'the resend');
    expect(storage.size).toBe(0);
    const b = await open(server().url, bob, canvasId);
    expect(visibleIds(b)).toEqual(['kept1']);
  });

  it('resends a commit refused with CONFLICT (another node won the race for the stream): stored once, nothing marked unsaved', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const raced = intercept('canvas-update', (call) =>
      call === 1
        ? Promise.resolve({
            ok: false as const,
            error: {
              code: 'CONFLICT',
              message: 'Someone else changed this at the same time; please retry',
            },
          })
        : null,
    );
    const a = await open(server().url, alice, canvasId, { scheduler }, true, raced.wrap);
    const unsaved: number[] = [];
    a.client.notSaved$.subscribe((count) => unsaved.push(count));
    a.board.draw([rect('raced')]);
    await drain();
    expect(raced.calls()).toBe(1);
    scheduler.advance(1000);
    await until(a, () => a.client.pendingCount === 0, 'the resend’s ack');
    expect(raced.calls()).toBe(2);
    expect(unsaved.every((count) => count === 0)).toBe(true);
    const stored = linesDrawn(await server().events(), canvasId);
    expect(stored.map((line) => line.data.elements[0]?.id)).toEqual(['raced']);
  });

  it('sends commits in order: a timed-out one is resent before any newer goes', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const scheduler = new ManualScheduler();
    const first = intercept('canvas-update', (call) =>
      call === 1 ? Promise.reject(new TransportError('timeout')) : null,
    );
    const a = await open(server().url, alice, canvasId, { scheduler }, true, first.wrap);
    a.board.draw([rect('one')]);
    a.board.draw([rect('two')]);
    a.board.draw([rect('three')]);
    await drain();
    expect(first.calls()).toBe(1); // one in flight at a time: the others wait behind it
    scheduler.advance(1000);
    await until(a, () => a.client.pendingCount === 0, 'the acks');
    const order = linesDrawn(await server().events(), canvasId).map(
      (line) => line.data.elements[0]?.id,
    );
    expect(order).toEqual(['one', 'two', 'three']);
  });

  it('keeps each tab’s waiting strokes in the shared outboxStorage: another tab’s acks never erase them', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const storage = new Map<string, string>();
    const outboxStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const storedIds = () =>
      [...storage.values()].flatMap((value) =>
        (JSON.parse(value) as { elements: SceneElement[] }[]).flatMap((entry) =>
          entry.elements.map((element) => element.id),
        ),
      );
    const ids = (prefix: string) => {
      let next = 0;
      return () => `${prefix}-${++next}`;
    };
    const one = await open(server().url, alice, canvasId, {
      outboxStorage,
      newEventId: ids('one'),
    });
    const two = await open(server().url, alice, canvasId, {
      outboxStorage,
      newEventId: ids('two'),
    });
    for (const tab of [one, two]) {
      tab.transport.socket.disconnect();
      await until(tab, () => tab.client.status === 'offline', 'offline');
    }
    one.board.draw([rect('fromOne')]);
    two.board.draw([rect('fromTwo')]);
    expect(storedIds().sort()).toEqual(['fromOne', 'fromTwo']);

    one.transport.socket.connect();
    await until(one, () => one.client.pendingCount === 0, 'tab one’s ack');
    expect(storedIds()).toEqual(['fromTwo']);
    // A disposed client writes nothing (no late ack can touch the list).
    two.client.dispose();
    one.board.draw([rect('later')]);
    await until(one, () => one.client.pendingCount === 0, 'the next ack');
    expect(storedIds()).toEqual(['fromTwo']);
  });
});
