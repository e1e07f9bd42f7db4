/**
 * Big boards in a real browser (issue #25): Chromium (playwright-core) on the real server and
 * the built web app, boards of 1,000, 5,000, 20,000 and 50,000 elements (freedraw strokes and
 * some shapes, drawn through `canvas-update`). For each board: the time to open it against
 * plain Excalidraw loading the same scene JSON; the join's bytes on the wire; a receiving
 * tab's frames (p50/p95/max intervals, frames per second) and long tasks while a partner tab
 * draws a 3-s stroke, over the same tab idle, and the drawing tab's own rate over itself idle.
 * On the 5,000 board, a crowd: 48 more people in the room, 30 moving cursors at 20 Hz and one
 * drawing at 60 Hz: the idle tab's frame rate and the drawing tab's handled pointer moves
 * against the quiet room. Every ratio is between windows of the same run. See
 * docs/performance.md ("Big boards in the browser").
 *
 * The partner is a second real tab drawing with the mouse, not a socket client replaying its
 * messages: the receiving tab then gets exactly what the widget sends (its ink pacing and
 * patches, its commit), and the drawing tab's own frame rate is measured in the same window.
 *
 * Knobs: BENCH_BOARD_SIZES=1000,5000 (boards to run), BENCH_BOARD_CROWD=0 (no crowd case),
 * BENCH_BOARD_ROUNDS (idle windows and strokes per board, default 2: each tab's best window
 * counts), BENCH_BOARD_WINDOW_MS (idle windows, default 3000), BENCH_BOARD_OPEN_ROUNDS (open
 * timings per board; default 2, 1 from 50,000 elements), BENCH_BOARD_BUILD=missing (see
 * board/builds), BENCH_BOARD_PROFILE=<dir> and BENCH_BOARD_STROKE_PROFILE=<dir> (CPU profiles
 * of each open and of the drawing tab during each stroke, for DevTools),
 * BENCH_BOARD_STROKE_TRACE=<dir> (a Chromium trace of every process during each stroke).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startBoardServer } from './board/boardServer';
import type { BenchUser, BoardServer } from './board/boardServer';
import { ensureBuilt } from './board/builds';
import { CROWD_CLIENTS } from './board/crowd';
import {
  livePath,
  measureJoin,
  measureOpens,
  measureReceiving,
  ROUNDS,
  WINDOW_MS,
} from './board/measureBoard';
import type { BoardTabs, BoardUnderTest } from './board/measureBoard';
import { measureCrowd } from './board/measureCrowd';
import { startPlainServer } from './board/plainServer';
import type { PlainServer } from './board/plainServer';
import { boardRatios, crowdRatios, goals, STROKE, table } from './board/report';
import type { BoardFigures, Crowd } from './board/report';
import { boardElements } from './board/sceneFixture';
import {
  boardArea,
  drawStroke,
  launchChromium,
  leave,
  openBoard,
  openTab,
  VIEWPORT,
} from './board/tabs';
import type { Area, Browser, Tab } from './board/tabs';
import { startWireCounter } from './board/wireCounter';

const SIZES = (process.env.BENCH_BOARD_SIZES ?? '1000,5000,20000,50000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0);
const CROWD_SIZE = 5000;
const WITH_CROWD = process.env.BENCH_BOARD_CROWD !== '0' && SIZES.includes(CROWD_SIZE);
const roundsFor = (size: number) =>
  Number(process.env.BENCH_BOARD_OPEN_ROUNDS ?? (size >= 50_000 ? 1 : 2));

const log = (text: string) => process.stderr.write(`[bench] board: ${text}\n`);

interface People {
  owner: BenchUser;
  drawer: BenchUser;
  crowd: BenchUser[];
}

/** Draws a board on the server, shares it and gives the plain page its scene. */
async function prepareBoard(
  server: BoardServer,
  plain: PlainServer,
  people: People,
  ownerSocket: Awaited<ReturnType<BoardServer['connect']>>,
  count: number,
): Promise<BoardUnderTest> {
  const started = performance.now();
  const canvasId = await server.createBoard(people.owner, ownerSocket, boardElements(count));
  const crowd = count === CROWD_SIZE && WITH_CROWD ? people.crowd : [];
  await server.share(ownerSocket, canvasId, [people.drawer, ...crowd]);
  const scene = await server.scene(people.owner, canvasId);
  if (scene.elements.length !== count)
    throw new Error(`board of ${count}: the server holds ${scene.elements.length} elements`);
  plain.addScene(`board-${count}`, scene.elements);
  log(`board of ${count} drawn in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { canvasId, count, plainScene: `board-${count}` };
}

/** The app's board area, from a first open of a board (which also loads the app's code once). */
async function measureArea(tab: Tab, canvasId: string): Promise<Area> {
  await openBoard(tab, livePath(canvasId), 'tabula', 0);
  const area = await boardArea(tab);
  await leave(tab);
  return area;
}

async function measureAll(browser: Browser, server: BoardServer, plain: PlainServer) {
  const people: People = {
    owner: await server.signUp('own'),
    drawer: await server.signUp('drw'),
    crowd: [],
  };
  if (WITH_CROWD)
    for (let n = 0; n < CROWD_CLIENTS; n++) people.crowd.push(await server.signUp('crd'));
  const ownerSocket = await server.connect(people.owner);
  const wire = await startWireCounter(server.url);
  const receiver = await openTab(browser, server.url, people.owner.token);
  const drawer = await openTab(browser, wire.url, people.drawer.token);
  const plainTab = await openTab(browser, plain.url);
  try {
    // A board of ten elements first: the app's and Excalidraw's code loaded and compiled once.
    const small = await prepareBoard(server, plain, people, ownerSocket, 10);
    const area = await measureArea(receiver, small.canvasId);
    const tabs: BoardTabs = { receiver, drawer, plain: plainTab, area };
    const tenElements = await measureOpens(tabs, small, 1);
    await leave(receiver);
    const draw = (tab: Tab) => drawStroke(tab, area);

    const boards: Record<string, BoardFigures> = {};
    let crowd: Crowd | null = null;
    for (const count of SIZES) {
      const board = await prepareBoard(server, plain, people, ownerSocket, count);
      log(`board of ${count}: opening`);
      const open = await measureOpens(tabs, board, roundsFor(count));
      const join = await measureJoin(tabs.drawer, wire, board);
      log(`board of ${count}: windows`);
      const machineLoadAverage = Number(os.loadavg()[0]!.toFixed(2));
      try {
        const live = await measureReceiving(tabs, draw);
        boards[count] = { open, join, live, machineLoadAverage };
        if (count === CROWD_SIZE && WITH_CROWD) {
          log(`board of ${count}: crowd`);
          const { revision } = await server.scene(people.owner, board.canvasId);
          crowd = await measureCrowd(tabs, draw, {
            url: server.url,
            canvasId: board.canvasId,
            revision,
            tokens: people.crowd.map((person) => person.token),
          });
        }
      } finally {
        await leave(tabs.receiver);
        await leave(tabs.drawer);
      }
    }
    const outside = [receiver, drawer, plainTab].flatMap((tab) => tab.outside);
    return { tenElements, boards, crowd, outside };
  } finally {
    for (const tab of [receiver, drawer, plainTab]) await tab.context.close();
    await wire.close();
  }
}

export async function run(): Promise<object> {
  ensureBuilt();
  const loadAverage = os.loadavg();
  const server = await startBoardServer();
  const plain = await startPlainServer();
  const browser = await launchChromium();
  try {
    const { tenElements, boards, crowd, outside } = await measureAll(browser, server, plain);
    if (outside.length > 0) log(`warning: requests that would leave the machine: ${outside}`);
    return {
      setup: {
        viewport: VIEWPORT,
        stroke: STROKE,
        idleWindowMs: WINDOW_MS,
        roundsPerBoard: ROUNDS,
        browser: `Chromium ${browser.version()}`,
        machineLoadAverageAtStart: loadAverage.map((load) => Number(load.toFixed(2))),
        requestsLeavingTheMachine: outside,
      },
      goals: goals(boards, crowd),
      table: table(boards, tenElements.tabulaMedianMs),
      openTenElements: tenElements,
      boards: Object.fromEntries(
        Object.entries(boards).map(([size, figures]) => [
          size,
          { ratios: boardRatios(figures), ...figures },
        ]),
      ),
      ...(crowd
        ? {
            crowd: {
              elements: CROWD_SIZE,
              ratios: crowdRatios(crowd.quiet, crowd.crowd),
              ...crowd,
            },
          }
        : {}),
    };
  } finally {
    await browser.close();
    await plain.close();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await run(), null, 2));
}
