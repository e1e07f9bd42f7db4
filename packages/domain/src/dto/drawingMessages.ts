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
  const { body, problems } = bodyOf(payload, UPDATE_FIELDS);
  const { canvasId, eventId, elements, timing } = body;
  add(problems, required(canvasId, 'canvasId', checkId));
  add(problems, required(eventId, 'eventId', checkId));
  add(problems, required(elements, 'elements', checkUpdateElements));
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
  const { body, problems } = bodyOf(payload, INK_FIELDS);
  const { canvasId, elements, patches } = body;
  add(problems, required(canvasId, 'canvasId', checkId));
  if (elements !== undefined) add(problems, checkInkElements(elements, 'elements'));
  if (patches !== undefined || elements === undefined)
    add(problems, required(patches, 'patches', checkPointPatches));
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
  const { body, problems } = bodyOf(payload, POINTER_FIELDS);
  const { canvasId, x, y, tool } = body;
  add(problems, required(canvasId, 'canvasId', checkId));
  add(problems, required(x, 'x', checkCoordinate));
  add(problems, required(y, 'y', checkCoordinate));
  if (tool !== undefined && (typeof tool !== 'string' || tool.length > MAX_POINTER_TOOL_LENGTH))
    add(problems, stringMessage('tool', MAX_POINTER_TOOL_LENGTH));
  refuseAny(problems);
  const pointer: PointerPayload = { canvasId: canvasId as string, x: x as number, y: y as number };
  if (tool !== undefined) pointer.tool = tool as string;
  return pointer;
}

/**
 * The payload as a plain object (`plainPayload`), and its first refusals: one for each field
 * that `fields` does not list, in the body's order.
 */
function bodyOf(payload: unknown, fields: ReadonlySet<string>) {
  const body = plainPayload(payload);
  const problems: string[] = [];
  for (const key in body) if (!fields.has(key)) problems.push(`${key} is not an allowed field.`);
  return { body, problems };
}

/** What is wrong with a field that is there, or undefined. */
type FieldCheck = (value: unknown, field: string) => string | undefined;

/** `field` must be there (and not null), then pass `check`. */
function required(value: unknown, field: string, check: FieldCheck): string | undefined {
  return value === undefined || value === null ? requiredMessage(field) : check(value, field);
}

function add(problems: string[], problem: string | undefined): void {
  if (problem !== undefined) problems.push(problem);
}

function refuseAny(problems: readonly string[]): void {
  if (problems.length > 0) throw invalid(problems.join(' '));
}

const checkId: FieldCheck = (value, field) => (isId(value) ? undefined : idMessage(field));

const checkCoordinate: FieldCheck = (value, field) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_POINTER_COORDINATE
    ? undefined
    : coordinateMessage(field, MAX_POINTER_COORDINATE);

/** 1 to `max` valid elements (the payload's shape is checked already: `bodyOf`). */
function checkElements(max: number): FieldCheck {
  return (value, field) => checkSceneElements(value, field, max, true);
}

const checkInkElements = checkElements(MAX_INK_ELEMENTS);
const checkUpdateElements = checkElements(MAX_ELEMENTS_PER_UPDATE);
