/**
 * Bodies and queries of the history calls (PROTOCOL.md "History, replay and erasure").
 * A revision is a whole number >= 0; whether it exists yet is the server's check.
 */
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsString, Length, Min } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import { CANVAS_EVENT_TYPES } from '../canvas/canvas.events';
import { DomainError } from '../shared/errors';
import type {
  CheckpointRequest,
  ForkRequest,
  HistoryEntryType,
  HistoryQuery,
  RestoreRequest,
} from '../protocol/history';
import {
  DEFAULT_HISTORY_PAGE,
  MAX_CHECKPOINT_LABEL_LENGTH,
  MAX_HISTORY_PAGE,
  MAX_REPLAY_PAGE,
  MIN_CHECKPOINT_LABEL_LENGTH,
} from '../protocol/history';
import { INVALID_CHECKPOINT_LABEL, INVALID_REVISION } from '../shared/strings';
import type { UnshareRequest } from '../protocol/shareLinks';
import { CanvasNameField, IdField, Optional, Required } from './dtoFields';
import { MAX_ELEMENT_ID_LENGTH, MAX_ELEMENTS_PER_RESTORE } from './dto.limits';

function RevisionField(): PropertyDecorator {
  return (target, key) => {
    Required()(target, key);
    IsInt({ message: INVALID_REVISION })(target, key);
    Min(0, { message: INVALID_REVISION })(target, key);
  };
}

/** POST /canvas/restore/:id */
export class RestoreDto implements RestoreRequest {
  @RevisionField() revision!: number;

  @Optional()
  @IsArray({ message: 'elementIds must be a list of element ids.' })
  @ArrayMinSize(1, { message: 'elementIds must name at least one element.' })
  @ArrayMaxSize(MAX_ELEMENTS_PER_RESTORE, {
    message: `elementIds must name at most ${MAX_ELEMENTS_PER_RESTORE} elements.`,
  })
  @IsString({ each: true, message: 'elementIds must be a list of element ids.' })
  @Length(1, MAX_ELEMENT_ID_LENGTH, {
    each: true,
    message: (args: ValidationArguments) => `${args.property} must be a list of element ids.`,
  })
  elementIds?: string[];
}

/** POST /canvas/fork/:id: the copy's name defaults to "<name> (copy)". */
export class ForkDto implements ForkRequest {
  @RevisionField() revision!: number;
  @CanvasNameField(true) name?: string;
}

/** POST /canvas/unshare/:id */
export class UnshareDto implements UnshareRequest {
  @IdField() linkId!: string;
}

/** POST /canvas/checkpoint/:id */
export class CheckpointDto implements CheckpointRequest {
  @RevisionField() revision!: number;

  @Required()
  @IsString({ message: INVALID_CHECKPOINT_LABEL })
  @Length(MIN_CHECKPOINT_LABEL_LENGTH, MAX_CHECKPOINT_LABEL_LENGTH, {
    message: INVALID_CHECKPOINT_LABEL,
  })
  label!: string;
}

const ENTRY_TYPES: readonly HistoryEntryType[] = CANVAS_EVENT_TYPES;

type RawQuery = Record<string, string | string[] | undefined>;

function invalid(message: string): DomainError {
  return new DomainError('INVALID', message);
}

/** One value of a query parameter (a repeated parameter is refused). */
function single(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  if (Array.isArray(value)) throw invalid(`${name} may be given once.`);
  return value === undefined || value === '' ? undefined : value;
}

/** A whole number in [min, max] from a query parameter, or undefined when absent. */
export function queryInteger(
  raw: RawQuery,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const value = single(raw, name);
  if (value === undefined) return undefined;
  const number = /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw invalid(
      name === 'revision' || name === 'after' || name === 'before'
        ? `${INVALID_REVISION} ${name} must be a whole number of at least ${min}.`
        : `${name} must be a whole number from ${min} to ${max}.`,
    );
  }
  return number;
}

/** GET /canvas/history/:id's query, checked. */
export function parseHistoryQuery(raw: RawQuery): HistoryQuery & { limit: number } {
  const known = new Set(['after', 'before', 'limit', 'actor', 'types', 'order']);
  const unknown = Object.keys(raw).find((name) => !known.has(name));
  if (unknown !== undefined) throw invalid(`${unknown} is not a history query parameter.`);
  const query: HistoryQuery & { limit: number } = {
    limit: queryInteger(raw, 'limit', 1, MAX_HISTORY_PAGE) ?? DEFAULT_HISTORY_PAGE,
  };
  const after = queryInteger(raw, 'after', 0);
  const before = queryInteger(raw, 'before', 0);
  if (after !== undefined) query.after = after;
  if (before !== undefined) query.before = before;
  const actor = single(raw, 'actor');
  if (actor !== undefined) query.actor = actor;
  const order = single(raw, 'order');
  if (order !== undefined && order !== 'asc' && order !== 'desc') {
    throw invalid("order must be 'asc' or 'desc'.");
  }
  if (order !== undefined) query.order = order;
  const types = single(raw, 'types');
  if (types !== undefined) {
    const list = types.split(',');
    const wrong = list.find((type) => !ENTRY_TYPES.includes(type as HistoryEntryType));
    if (wrong !== undefined) {
      throw invalid(`types must be a comma-separated list of: ${ENTRY_TYPES.join(', ')}.`);
    }
    query.types = list as HistoryEntryType[];
  }
  return query;
}

/** GET /canvas/replay/:id's query, checked. */
export function parseReplayQuery(raw: RawQuery): { after?: number; limit: number } {
  const known = new Set(['after', 'limit']);
  const unknown = Object.keys(raw).find((name) => !known.has(name));
  if (unknown !== undefined) throw invalid(`${unknown} is not a replay query parameter.`);
  const after = queryInteger(raw, 'after', 0);
  const limit = queryInteger(raw, 'limit', 1, MAX_REPLAY_PAGE) ?? MAX_REPLAY_PAGE;
  return after === undefined ? { limit } : { after, limit };
}
