/**
 * Validation of Excalidraw elements arriving from clients. The fields reconciliation
 * depends on are checked strictly; every other Excalidraw field is passed through as sent
 * (the whole payload's size is already capped by the socket's message limit).
 */
import { registerDecorator } from 'class-validator';
import type { ValidationArguments, ValidationOptions } from 'class-validator';
import { MAX_ELEMENTS_PER_UPDATE } from '../protocol/limits';
import { ALLOWED_ELEMENT_TYPES } from '../scene/index';
import {
  MAX_ELEMENT_ID_LENGTH,
  MAX_ELEMENT_INDEX_LENGTH,
  MAX_LINES_JSON_LENGTH,
  MAX_POINTS_PER_ELEMENT,
} from './dto.limits';
import { findUnsafeShape, isPlainObject } from './payloadShape';

/** The first problem with one element, named by `path` (e.g. `elements[3].type`), or undefined. */
export function checkSceneElement(value: unknown, path: string): string | undefined {
  return checkElementFields(value, path) ?? findUnsafeShape(value, path);
}

/** The first problem with the fields reconciliation depends on (not the shape of the rest). */
function checkElementFields(value: unknown, path: string): string | undefined {
  if (!isPlainObject(value)) return `${path} must be an object.`;
  const { id, type, version, versionNonce, isDeleted, index, updated, points } = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ELEMENT_ID_LENGTH) {
    return `${path}.id must be a string of 1 to ${MAX_ELEMENT_ID_LENGTH} characters.`;
  }
  if (typeof type !== 'string' || !ALLOWED_ELEMENT_TYPES.includes(type)) {
    return `${path}.type must be one of: ${ALLOWED_ELEMENT_TYPES.join(', ')}.`;
  }
  if (!Number.isSafeInteger(version) || (version as number) < 1) {
    return `${path}.version must be an integer of at least 1.`;
  }
  if (!Number.isSafeInteger(versionNonce)) return `${path}.versionNonce must be an integer.`;
  if (typeof isDeleted !== 'boolean') return `${path}.isDeleted must be a boolean.`;
  // Fractional indices are base-62 strings; Excalidraw throws on anything else.
  if (
    index !== null &&
    (typeof index !== 'string' ||
      index.length > MAX_ELEMENT_INDEX_LENGTH ||
      !/^[0-9A-Za-z]+$/.test(index))
  ) {
    return `${path}.index must be null or a fractional index of at most ${MAX_ELEMENT_INDEX_LENGTH} letters and digits.`;
  }
  if (updated !== undefined && !Number.isFinite(updated)) {
    return `${path}.updated must be a number.`;
  }
  if (points !== undefined && (!Array.isArray(points) || points.length > MAX_POINTS_PER_ELEMENT)) {
    return `${path}.points must be an array of at most ${MAX_POINTS_PER_ELEMENT} points.`;
  }
  return undefined;
}

/**
 * The first problem with a list of elements named by `path` (e.g. `elements`), or
 * undefined: an array of 1..`maxElements` valid elements. `shapeChecked`: the caller has
 * already walked the whole value for unsafe keys and depth (`plainPayload` does, before any
 * field is validated), so each element's fields alone are checked: a stroke is walked once.
 */
export function checkSceneElements(
  value: unknown,
  path: string,
  maxElements = MAX_ELEMENTS_PER_UPDATE,
  shapeChecked = false,
): string | undefined {
  const check = shapeChecked ? checkElementFields : checkSceneElement;
  if (!Array.isArray(value)) return `${path} must be an array of elements.`;
  if (value.length === 0) return `${path} must hold at least one element.`;
  if (value.length > maxElements) return `${path} must hold at most ${maxElements} elements.`;
  for (let index = 0; index < value.length; index += 1) {
    const problem = check(value[index], `${path}[${index}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The problem with a free-form JSON value (length and shape capped), or undefined. */
export function checkBoundedJson(
  value: unknown,
  path: string,
  maxLength: number,
): string | undefined {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return `${path} must be JSON.`;
  }
  if (json !== undefined && json.length > maxLength) {
    return `${path} must be at most ${maxLength} characters of JSON.`;
  }
  return findUnsafeShape(value, path);
}

/** class-validator decorator: any JSON value of at most `maxLength` characters. */
export function IsBoundedJson(
  maxLength = MAX_LINES_JSON_LENGTH,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isBoundedJson',
      target: target.constructor,
      propertyName: String(propertyName),
      ...(options === undefined ? {} : { options }),
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          checkBoundedJson(value, args.property, maxLength) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          checkBoundedJson(args.value, args.property, maxLength) ?? `${args.property} is invalid.`,
      },
    });
  };
}
