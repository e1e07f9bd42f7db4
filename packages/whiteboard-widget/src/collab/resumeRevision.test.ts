/**
 * The revision a reconnecting author resumes from, against the real server: its own commits
 * never come back as `updated-canvas` (their acks carry their revisions), so the revision it
 * caught up to moves over them, and a reconnect downloads none of them again (past the
 * catch-up bound of 1,000 events, that would be a whole-scene resync).
 */
import { describe, expect, it } from 'vitest';
import type {
  CanvasUpdateResult,
  JoinCanvasPayload,
  JoinCanvasResult,
} from '@tabula/domain/protocol';
import { MAX_CATCH_UP_EVENTS } from '@tabula/domain/protocol';
import { stroke } from '../test/elements';
import { open, sharedCanvas, useEngineServer, visibleIds } from '../test/engineServer';
import { until } from '../test/testBoard';
import type { TestTab } from '../test/testBoard';
import type { Transport } from './Transport';

const server = useEngineServer();

/** One `join-canvas` as the engine sent and got it. */
interface Join {
  sinceRevision: number | undefined;
  answer: JoinCanvasResult;
  /** The answer's bytes as JSON. */
  bytes: number;
}

/** Records the engine's joins and the revisions its updates were acked with. */
function recorder() {
  const joins: Join[] = [];
  const acked: number[] = [];
  const wrap = (transport: Transport): Transport => ({
    ...transport,
    async request(event, payload) {
      const result = await transport.request(event, payload);
      if (event === 'join-canvas' && result.ok) {
        const answer = result.data as JoinCanvasResult;
        const { sinceRevision } = payload as JoinCanvasPayload;
        joins.push({ sinceRevision, answer, bytes: JSON.stringify(answer).length });
      }
      if (event === 'canvas-update' && result.ok)
        acked.push((result.data as CanvasUpdateResult).revision);
      return result;
    },
  });
  return { joins, acked, wrap };
}

/** Strokes `<prefix>0000z`, … with valid fractional indices, 3 points each. */
const strokes = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => stroke(`${prefix}${String(i).padStart(4, '0')}z`, 3));

/** Each stroke drawn and finished on its own: one `canvas-update` each. */
async function drawEach(tab: TestTab, drawn: ReturnType<typeof strokes>): Promise<void> {
  for (const element of drawn) tab.board.draw([element]);
  await until(tab, () => tab.client.pendingCount === 0, 'every stroke acked', 240_000);
}

/** Drops the tab's connection and waits until it is live again; counts commits received meanwhile. */
async function reconnect(tab: TestTab): Promise<{ commitsReceived: number }> {
  let commitsReceived = 0;
  const commits = tab.transport.events('updated-canvas').subscribe(() => (commitsReceived += 1));
  try {
    tab.transport.socket.disconnect();
    await until(tab, () => tab.client.status === 'offline', 'offline');
    tab.transport.socket.connect();
    await until(tab, () => tab.client.status === 'live', 'live again');
  } finally {
    commits.unsubscribe();
  }
  return { commitsReceived };
}

/** The last join's answer, which must be a catch-up. */
function lastCatchUp(joins: Join[]) {
  const last = joins[joins.length - 1]!;
  expect(last.answer.kind).toBe('changes');
  return { ...last, changes: last.answer.kind === 'changes' ? last.answer.changes : [] };
}

describe('an author reconnecting resumes after its own commits', () => {
  it('downloads none of its own strokes again', async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const seen = recorder();
    const a = await open(server().url, alice, canvasId, {}, true, seen.wrap);
    const drawn = strokes('own', 30);
    await drawEach(a, drawn);
    expect(seen.acked).toHaveLength(30);
    const head = Math.max(...seen.acked);
    expect(a.client.revision).toBe(head);

    const { commitsReceived } = await reconnect(a);
    const resumed = lastCatchUp(seen.joins);
    expect(resumed.sinceRevision).toBe(head);
    expect(resumed.changes).toEqual([]);
    expect(commitsReceived).toBe(0);
    // The answer is smaller than one of the strokes it no longer carries.
    const strokeBytes = JSON.stringify(drawn[0]).length;
    console.log(
      `[figures] resume after 30 own strokes: join answer ${resumed.bytes} bytes (one stroke: ${strokeBytes} bytes)`,
    );
    expect(resumed.bytes).toBeLessThan(strokeBytes);
    expect(visibleIds(a)).toHaveLength(30);
  });

  it('moves over its own revisions and a peer’s interleaved with them, and resumes after all', async () => {
    const { alice, bob, canvasId } = await sharedCanvas(server());
    const seen = recorder();
    const a = await open(server().url, alice, canvasId, {}, true, seen.wrap);
    const b = await open(server().url, bob, canvasId);
    const mine = strokes('ali', 12);
    const theirs = strokes('bob', 12);
    for (let i = 0; i < mine.length; i += 1) {
      a.board.draw([mine[i]!]);
      b.board.draw([theirs[i]!]);
    }
    await until(b, () => b.client.pendingCount === 0, 'Bob’s strokes acked', 120_000);
    await until(
      a,
      () => a.client.pendingCount === 0 && visibleIds(a).length === 24,
      'Alice’s strokes acked and Bob’s shown',
      120_000,
    );
    // Alice goes on alone: her last revisions follow Bob's last commit.
    const after = strokes('end', 5);
    await drawEach(a, after);
    expect(a.client.revision).toBe(Math.max(...seen.acked));

    const { commitsReceived } = await reconnect(a);
    const resumed = lastCatchUp(seen.joins);
    expect(resumed.changes).toEqual([]);
    expect(commitsReceived).toBe(0);
    const all = [...mine, ...theirs, ...after].map((element) => element.id);
    expect(visibleIds(a).sort()).toEqual(all.sort());
  });

  it(`past ${MAX_CATCH_UP_EVENTS.toLocaleString('en')} own commits, resumes without a whole-scene resync`, async () => {
    const { alice, canvasId } = await sharedCanvas(server());
    const seen = recorder();
    const a = await open(server().url, alice, canvasId, {}, true, seen.wrap);
    const count = MAX_CATCH_UP_EVENTS + 1;
    await drawEach(a, strokes('many', count));
    expect(seen.acked).toHaveLength(count);
    const joinsBefore = seen.joins.length;

    const { commitsReceived } = await reconnect(a);
    // One join, answered with an empty catch-up: no `resync`, no snapshot.
    expect(seen.joins.slice(joinsBefore).map((join) => join.answer.kind)).toEqual(['changes']);
    expect(lastCatchUp(seen.joins).changes).toEqual([]);
    expect(commitsReceived).toBe(0);
    expect(visibleIds(a)).toHaveLength(count);
  });
});
