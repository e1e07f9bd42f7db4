/**
 * The board benchmark's report: each board's figures with the ratios the issue asks for
 * (receiving tab over the same tab idle, the drawing tab over itself idle, the app's open time
 * over plain Excalidraw's), the crowd's over the quiet room's, a flat table, and the goals.
 */
import { ratio } from '../gateway/stats';
import { fpsRatio } from './frames';
import type { CrowdStats } from './crowd';
import type { CrowdPhase } from './measureCrowd';
import type { measureJoin, measureOpens, measureReceiving } from './measureBoard';
import { STROKE_MOVES } from './tabs';

/** The join payload of a 20,000-element board before compression (issue #25). */
const JOIN_BYTES_20K_BEFORE = 27.5 * 1024 * 1024;

export interface BoardFigures {
  open: Awaited<ReturnType<typeof measureOpens>>;
  join: Awaited<ReturnType<typeof measureJoin>>;
  live: Awaited<ReturnType<typeof measureReceiving>>;
  /** The machine's 1-minute load average as the board's windows began. */
  machineLoadAverage: number;
}

export function boardRatios({ open, live }: BoardFigures) {
  const { idle, drawing } = live;
  return {
    receivingToIdle: fpsRatio(drawing.receiver, idle.receiver),
    drawingSelfToIdle: fpsRatio(drawing.drawer, idle.drawer),
    receivingToDrawingSelf: ratio(
      fpsRatio(drawing.receiver, idle.receiver),
      fpsRatio(drawing.drawer, idle.drawer),
    ),
    openTabulaToPlain: ratio(open.tabulaMedianMs, open.plainExcalidrawMedianMs),
  };
}

export function crowdRatios(quiet: CrowdPhase, crowd: CrowdPhase) {
  return {
    idleTabCrowdToQuiet: fpsRatio(crowd.idle.receiver, quiet.idle.receiver),
    drawerMovesCrowdToQuiet: ratio(
      crowd.stroke.drawer.pointerMoves,
      quiet.stroke.drawer.pointerMoves,
    ),
    drawerMovesOf180: {
      quiet: quiet.stroke.drawer.pointerMoves,
      crowd: crowd.stroke.drawer.pointerMoves,
    },
    receivingWhileDrawnCrowdToQuiet: fpsRatio(crowd.stroke.receiver, quiet.stroke.receiver),
    drawerSelfCrowdToQuiet: fpsRatio(crowd.stroke.drawer, quiet.stroke.drawer),
  };
}

export interface Crowd {
  quiet: CrowdPhase;
  crowd: CrowdPhase;
  crowdSent: CrowdStats;
}

/**
 * One row per board: the figures that matter side by side; `tenElementsOpenMs` is the app's
 * open time of a board of ten elements (its cost beyond the scene's).
 */
export function table(boards: Record<string, BoardFigures>, tenElementsOpenMs: number | null) {
  return Object.entries(boards).map(([size, figures]) => {
    const { idle, drawing } = figures.live;
    return {
      elements: Number(size),
      ...boardRatios(figures),
      receiverFps: { idle: idle.receiver.fps, receiving: drawing.receiver.fps },
      drawerFps: { idle: idle.drawer.fps, drawing: drawing.drawer.fps },
      receivingFrameMs: drawing.receiver.frameIntervalMs,
      receivingLongTaskMs: drawing.receiver.longTaskMs,
      receiverAnswerAfterPenUpMs: drawing.receiverAnswerAfterPenUpMs,
      drawerMovesOf180: drawing.drawer.pointerMoves,
      openMs: {
        tabula: figures.open.tabulaMedianMs,
        plainExcalidraw: figures.open.plainExcalidrawMedianMs,
      },
      openTabulaToTenElements: ratio(figures.open.tabulaMedianMs, tenElementsOpenMs),
      joinWireBytes: figures.join.wireBytes,
      joinWebSocketWireBytes: figures.join.webSocketWireBytes,
      joinWebSocketPayloadBytes: figures.join.webSocketPayloadBytes,
      machineLoadAverage: figures.machineLoadAverage,
    };
  });
}

function goal(value: number | null, limit: number, direction: 'atMost' | 'atLeast') {
  const met = value === null ? null : direction === 'atMost' ? value <= limit : value >= limit;
  return { value, [direction]: limit, met };
}

/** The goals, for the boards and the crowd that ran. */
export function goals(boards: Record<string, BoardFigures>, crowd: Crowd | null) {
  const out: Record<string, object> = {};
  for (const [size, figures] of Object.entries(boards)) {
    const ratios = boardRatios(figures);
    out[`receivingToIdle_${size}`] = goal(ratios.receivingToIdle, 0.85, 'atLeast');
    out[`receivingToDrawingSelf_${size}`] = goal(ratios.receivingToDrawingSelf, 1, 'atLeast');
  }
  const twenty = boards['20000'];
  if (twenty) {
    out.openTabulaToPlain_20000 = goal(boardRatios(twenty).openTabulaToPlain, 1.3, 'atMost');
    out.joinWireBytesToBefore_20000 = goal(
      ratio(twenty.join.wireBytes, JOIN_BYTES_20K_BEFORE),
      0.4,
      'atMost',
    );
  }
  if (crowd) {
    const ratios = crowdRatios(crowd.quiet, crowd.crowd);
    out.crowdIdleTabToQuiet = goal(ratios.idleTabCrowdToQuiet, 0.85, 'atLeast');
    out.crowdDrawerMovesToQuiet = goal(ratios.drawerMovesCrowdToQuiet, 0.9, 'atLeast');
  }
  return out;
}

export const STROKE = `${STROKE_MOVES} mouse moves at 60 Hz (3 s), sent without waiting for the page`;
