import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { SpentBudgetGate } from './spentBudgetGate';

/** An engine with one connection; `receive` runs a packet through it as engine.io does. */
function connected(gate: SpentBudgetGate) {
  const engine = new EventEmitter();
  const raw = new EventEmitter();
  gate.watch(engine);
  engine.emit('connection', raw);
  const receive = (data: string) => {
    const packet = { type: 'message', data };
    raw.emit('packet', packet);
    return packet.data;
  };
  return { raw, receive };
}

const UPDATE = '27["canvas-update",{"canvasId":"c","eventId":"e","elements":[]}]';

describe('SpentBudgetGate', () => {
  it('leaves every message alone until the connection is told its budget is spent', () => {
    const gate = new SpentBudgetGate(() => 1_000);
    const { receive } = connected(gate);
    expect(receive(UPDATE)).toBe(UPDATE);
  });

  it('cuts updates, keeping their ack id, until the moment it was told; nothing else', () => {
    let now = 1_000;
    const gate = new SpentBudgetGate(() => now);
    const { raw, receive } = connected(gate);
    gate.spentUntil(raw, 500);

    const cut = receive(UPDATE);
    expect(cut).toMatch(/^27\["canvas-update",\{"cut-[0-9a-f-]+":true,/);
    const payload = JSON.parse(cut.slice(2))[1] as unknown;
    // The cut keeps which commit it was, for a resend of a stored one to be acked.
    expect(gate.commitIds(payload)).toEqual({ canvasId: 'c', eventId: 'e' });
    now = 1_200;
    expect(gate.refusalOf(raw, payload)).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      retryAfterMs: 300,
    });
    // Other events, updates without an ack, and a client's own payloads pass untouched.
    const ink = '2["ink",{"canvasId":"c","patches":[]}]';
    expect(receive(ink)).toBe(ink);
    expect(receive('2["canvas-update",{}]')).toBe('2["canvas-update",{}]');
    expect(gate.refusalOf(raw, { canvasId: 'c' })).toBeUndefined();
    expect(gate.refusalOf(raw, 'cut-guessed')).toBeUndefined();
    expect(gate.refusalOf(raw, { 'cut-guessed': true })).toBeUndefined();

    now = 1_500;
    expect(receive(UPDATE)).toBe(UPDATE);
  });

  it('keeps only ids that stand before the elements: ids inside the elements are not taken', () => {
    const gate = new SpentBudgetGate(() => 1_000);
    const { raw, receive } = connected(gate);
    gate.spentUntil(raw, 500);
    const late = '27["canvas-update",{"elements":[{"canvasId":"x","eventId":"y"}]}]';
    const payload = JSON.parse(receive(late).slice(2))[1] as unknown;
    expect(gate.refusalOf(raw, payload)).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(gate.commitIds(payload)).toBeUndefined();
  });
});
