/**
 * Presence and big joins (issue 14, points 2 and 4), before and after in the same run:
 *
 * - presence: bytes sent to all sockets while 300 users connect (one by one, and all at once as
 *   after a restart) as spec clients (`full`: the whole `get-online-users` map, paced to at
 *   most one a second per socket since issue 25) and with the initial list + deltas. Goal
 *   (issue 25): the spec clients all at once ≤ 25 MB. Issue 14's goal (deltas ≤ 5% of the
 *   whole map on every change) was measured against the unpaced map, which no option brings
 *   back; docs/performance.md has those figures;
 * - bigJoin: the server's event-loop delay while a 50,000-element canvas is joined ten times at
 *   once, with the whole scene in one ack (chunking off: the old behaviour) and in chunks;
 *   goal: no turn over 50 ms.
 *
 * - canvasOpening (issue 25): bytes sent to all sockets while 300 members (UUID ids, online
 *   already) open one canvas one after another and close it; goal ≤ 20 MB. The old figures
 *   (405.6 MB opening, 352.7 MB closing) were measured on the code before the deltas (no
 *   option brings it back); docs/performance.md has them.
 *
 * Knobs: BENCH_PRESENCE_USERS (300), BENCH_JOIN_ELEMENTS (50000), BENCH_JOINS (10),
 * BENCH_JOIN_SKIP_BEFORE=1 (the chunked run only, when profiling), BENCH_PRESENCE_PARTS
 * (default presence,canvasOpening,bigJoin: the parts to run).
 */
import { benchStroke } from './benchStroke';
import { startBenchApp } from './presence/benchApp';
import type { BenchUser } from './presence/benchApp';
import { bigJoins } from './presence/bigJoins';
import { presenceBytes } from './presence/presenceBytes';
import { canvasOpening } from './presence/canvasOpening';
import { randomUUID } from 'node:crypto';

const USERS = Number(process.env.BENCH_PRESENCE_USERS ?? 300);
const ELEMENTS = Number(process.env.BENCH_JOIN_ELEMENTS ?? 50_000);
const JOINS = Number(process.env.BENCH_JOINS ?? 10);

const ratio = (after: number, before: number) => Number((after / before).toFixed(4));

async function presence() {
  const server = await startBenchApp();
  try {
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await server.user());
    const offline = async () => {
      while ((await server.app.context.presence.onlineUsers()).length > 0)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const results: Record<string, object> = {};
    for (const arrival of ['one-by-one', 'all-at-once'] as const) {
      console.error(`[bench] presence ${arrival}: full…`);
      const before = await presenceBytes(server.url, users, 'full', arrival);
      await offline();
      console.error(`[bench] presence ${arrival}: deltas…`);
      const after = await presenceBytes(server.url, users, 'deltas', arrival);
      await offline();
      results[arrival] = {
        specClients_wholeMapPaced: before,
        deltaClients_initialListAndDeltas: after,
        deltasOverSpec: ratio(after.bytes, before.bytes),
        ...(arrival === 'all-at-once' ? { specAtMost25Mb: before.bytes <= 25e6 } : {}),
      };
    }
    return { users: USERS, ...results };
  } finally {
    await server.close();
  }
}

async function bigJoin(chunked: boolean) {
  const server = await startBenchApp(
    chunked
      ? {}
      : {
          liveRooms: {
            sceneStream: {
              chunkElements: Number.POSITIVE_INFINITY,
              chunkBytes: Number.POSITIVE_INFINITY,
            },
          },
        },
  );
  try {
    const owner = await server.user();
    const canvasId = await server.canvas(
      owner,
      Array.from({ length: ELEMENTS }, (_, i) => benchStroke(i)),
    );
    // The scene is loaded once (the first join of a canvas folds its log): not what is measured.
    await server.app.context.scenes.of(canvasId);
    return await bigJoins(server.url, owner.token, canvasId, JOINS);
  } finally {
    await server.close();
  }
}

async function openingOneCanvas() {
  const server = await startBenchApp();
  try {
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await server.user(randomUUID()));
    const canvasId = await server.sharedCanvas(users[0]!, users.slice(1));
    console.error(`[bench] ${USERS} users opening one canvas…`);
    const result = await canvasOpening(server.url, users, canvasId);
    return { ...result, goalMet: result.opening.mb <= 20 };
  } finally {
    await server.close();
  }
}

const PARTS = (process.env.BENCH_PRESENCE_PARTS ?? 'presence,canvasOpening,bigJoin').split(',');

async function bigJoinBeforeAfter() {
  console.error(`[bench] bigJoin: whole scene in one ack…`);
  const before = process.env.BENCH_JOIN_SKIP_BEFORE ? null : await bigJoin(false);
  console.error(`[bench] bigJoin: chunked…`);
  const after = await bigJoin(true);
  return {
    elements: ELEMENTS,
    parallelJoins: JOINS,
    before_oneMessage: before,
    after_chunked: after,
    goalMet: after.eventLoopDelayMs.max <= 50,
  };
}

export async function run(): Promise<object> {
  const parts = { presence, canvasOpening: openingOneCanvas, bigJoin: bigJoinBeforeAfter };
  const results: Record<string, object> = {};
  for (const [name, part] of Object.entries(parts))
    if (PARTS.includes(name)) results[name] = await part();
  return results;
}
