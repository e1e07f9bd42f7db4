/**
 * The messages of drawing, checked by hand instead of through a class-validator DTO: `ink`
 * (every frame of a stroke being drawn) and `pointer` (every move of a cursor), which a client
 * sends many times a second, and `canvas-update` (every stroke's commit, on its ack's path).
 * The rules and the words are a DTO's (`fieldRules.ts`, `ink.validator.ts`,
 * `sceneElements.validator.ts`), and so is the order of the refusals: undeclared fields first,
 * then each field's first problem, in the order the fields are listed here.
 *
 * Why by hand: class-validator's executor walks its metadata and builds its error tree on
 * every call. On a server each message arrives after other work has left the caches cold,
 * and there an `ink` DTO took about 70 µs to check (about 5 µs warm) and this check about
 * 14 µs: at the gateway bench's 6,000 ink messages a second, 0.4 of a core for the DTO alone.
 * A commit of one 120-point stroke: 129 µs as a DTO, 17 µs here.
 */
import type { InkPointPatch, SceneElement } from '../scene/index';
import type { GestureTiming } from '../canvas/canvas.events';
import { MAX_ELEMENTS_PER_UPDATE } from '../protocol/limits';
import type { CanvasUpdatePayload, InkPayload, PointerPayload } from '../protocol/socket';
import { MAX_INK_ELEMENTS, MAX_POINTER_COORDINATE, MAX_POINTER_TOOL_LENGTH } from './dto.limits';
import { coordinateMessage, idMessage, isId, requiredMessage, stringMessage } from './fieldRules';
import { checkGestureTiming, checkPointPatches } from './ink.validator';
import { invalid, plainPayload } from './parseDto';
import { checkSceneElements } from './sceneElements.validator';

const INK_FIELDS: ReadonlySet<string> = new Set(['canvasId', 'elements', 'patches']);
const POINTER_FIELDS: ReadonlySet<string> = new Set(['canvasId', 'x', 'y', 'tool']);
const UPDATE_FIELDS: ReadonlySet<string> = new Set(['canvasId', 'eventId', 'elements', 'timing']);

/**
 * `canvas-update`: one gesture's element upserts (1 to `MAX_ELEMENTS_PER_UPDATE` valid
 * elements) under the client's `eventId`, with the stroke's timing if given.
 * @throws DomainError('INVALID') naming every failing field
 */
export function parseCanvasUpdate(payload: unknown): CanvasUpdatePayload {
  const body = plainPayload(payload);
  const { canvasId, eventId, elements, timing } = body;
  const problems = undeclared(body, UPDATE_FIELDS);
  add(problems, idProblem(canvasId, 'canvasId'));
  add(problems, idProblem(eventId, 'eventId'));
  add(
    problems,
    elements === null || elements === undefined
      ? requiredMessage('elements')
      : checkSceneElements(elements, 'elements', MAX_ELEMENTS_PER_UPDATE, true),
  );
  if (timing !== undefined) add(problems, checkGestureTiming(timing, 'timing'));
  refuseAny(problems);
  const update: CanvasUpdatePayload = {
    canvasId: canvasId as string,
    eventId: eventId as string,
    elements: elements as SceneElement[],
  };
  if (timing !== undefined) update.timing = timing as GestureTiming;
  return update;
}

/**
 * `ink`: whole elements and/or freedraw point patches, at least one of the two (as `patches`
 * is required when there are no `elements`); `elements` checked as a commit's, at most 100.
 * @throws DomainError('INVALID') naming every failing field
 */
export function parseInk(payload: unknown): InkPayload {
  const body = plainPayload(payload);
  const { canvasId, elements, patches } = body;
  const problems = undeclared(body, INK_FIELDS);
  add(problems, idProblem(canvasId, 'canvasId'));
  if (elements !== undefined)
    add(problems, checkSceneElements(elements, 'elements', MAX_INK_ELEMENTS, true));
  if (patches !== undefined || elements === undefined)
    add(
      problems,
      patches === null || patches === undefined
        ? requiredMessage('patches')
        : checkPointPatches(patches, 'patches'),
    );
  refuseAny(problems);
  const ink: InkPayload = { canvasId: canvasId as string };
  if (elements !== undefined) ink.elements = elements as SceneElement[];
  if (patches !== undefined) ink.patches = patches as InkPointPatch[];
  return ink;
}

/**
 * `pointer`: a cursor on a canvas, each coordinate finite within ±`MAX_POINTER_COORDINATE`,
 * and the tool's name if given.
 * @throws DomainError('INVALID') naming every failing field
 */
export function parsePointer(payload: unknown): PointerPayload {
  const body = plainPayload(payload);
  const { canvasId, x, y, tool } = body;
  const problems = undeclared(body, POINTER_FIELDS);
  add(problems, idProblem(canvasId, 'canvasId'));
  add(problems, coordinateProblem(x, 'x'));
  add(problems, coordinateProblem(y, 'y'));
  if (tool !== undefined && (typeof tool !== 'string' || tool.length > MAX_POINTER_TOOL_LENGTH))
    add(problems, stringMessage('tool', MAX_POINTER_TOOL_LENGTH));
  refuseAny(problems);
  const pointer: PointerPayload = { canvasId: canvasId as string, x: x as number, y: y as number };
  if (tool !== undefined) pointer.tool = tool as string;
  return pointer;
}

/** A refusal for each field of `body` that `fields` does not list, in the body's order. */
function undeclared(body: Record<string, unknown>, fields: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const key in body) if (!fields.has(key)) problems.push(`${key} is not an allowed field.`);
  return problems;
}

function add(problems: string[], problem: string | undefined): void {
  if (problem !== undefined) problems.push(problem);
}

function refuseAny(problems: readonly string[]): void {
  if (problems.length > 0) throw invalid(problems.join(' '));
}

function idProblem(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return requiredMessage(field);
  return isId(value) ? undefined : idMessage(field);
}

function coordinateProblem(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return requiredMessage(field);
  return typeof value === 'number' &&
    Number.isFinite(value) &&
    Math.abs(value) <= MAX_POINTER_COORDINATE
    ? undefined
    : coordinateMessage(field, MAX_POINTER_COORDINATE);
}
