/**
 * The one entry point of validation at the edge: `parseDto` turns an untrusted payload into
 * a validated DTO instance or throws `DomainError('INVALID', …)` naming the field.
 */
import { getMetadataStorage, validateSync } from 'class-validator';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { DomainError } from '../shared/errors';
import { trimmedFields } from './dtoFields';
import { idMessage, isId } from './fieldRules';
import { fieldPath, findUnsafeShape, isPlainObject } from './payloadShape';

/** A DTO class: decorated properties and a constructor without arguments. */
export type DtoClass<T extends object> = new () => T;

const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
};

/**
 * Validates `payload` against `dtoClass`: it must be a plain JSON object, free of
 * `__proto__`/`constructor`/`prototype` keys at any depth, with no field the DTO does not
 * declare and every declared field valid. Strings the DTO trims come back trimmed.
 * @throws DomainError('INVALID') with one message per failing field.
 */
export function parseDto<T extends object>(dtoClass: DtoClass<T>, payload: unknown): T {
  const body = plainPayload(payload);
  if (declaresNoFields(dtoClass)) {
    const [extra] = Object.keys(body);
    if (extra !== undefined) throw invalid(`${extra} is not an allowed field.`);
    return new dtoClass();
  }
  const instance = toInstance(dtoClass, body);
  const errors = validateSync(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) throw invalid(formatErrors(errors).join(' '));
  return instance;
}

/**
 * Validates a bare id payload (`check-if-logged-in`, `log-out`: a user id; `can-leave-canvas`,
 * `delete-canvas`: a canvas id). `field` names it in the error.
 * @throws DomainError('INVALID')
 */
export function parseId(payload: unknown, field = 'id'): string {
  if (!isId(payload)) throw invalid(idMessage(field));
  return payload;
}

/**
 * What every payload is before its fields are checked (here and in `drawingMessages.ts`): a
 * plain JSON object, free of `__proto__`/`constructor`/`prototype` keys and of absurd nesting.
 * @throws DomainError('INVALID')
 */
export function plainPayload(payload: unknown): Record<string, unknown> {
  if (!isPlainObject(payload)) throw invalid('The request must be a JSON object.');
  const unsafe = findUnsafeShape(payload);
  if (unsafe !== undefined) throw invalid(unsafe);
  return payload;
}

/**
 * A DTO instance holding the payload's own fields (values shared, not copied: nested
 * Excalidraw data passes through as sent), with the DTO's trimmed fields trimmed. Safe
 * because `findUnsafeShape` has already refused `__proto__` and friends.
 */
function toInstance<T extends object>(dtoClass: DtoClass<T>, payload: Record<string, unknown>): T {
  const instance = new dtoClass();
  const trimmed = trimmedFields(dtoClass);
  for (const [key, value] of Object.entries(payload)) {
    Object.defineProperty(instance, key, {
      value: trimmed.has(key) && typeof value === 'string' ? value.trim() : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return instance;
}

export function invalid(message: string): DomainError {
  return new DomainError('INVALID', message);
}

/** Per DTO class (its decorators ran when the class was defined, so the answer never changes). */
const fieldless = new WeakMap<DtoClass<object>, boolean>();

/** True for a DTO without decorated fields; class-validator's lookup is costly, so asked once. */
function declaresNoFields(dtoClass: DtoClass<object>): boolean {
  let none = fieldless.get(dtoClass);
  if (none === undefined) {
    none =
      getMetadataStorage().getTargetValidationMetadatas(dtoClass, '', true, false).length === 0;
    fieldless.set(dtoClass, none);
  }
  return none;
}

/** One sentence per failing field, nested fields named by their path. */
function formatErrors(errors: readonly ValidationError[], parent = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = fieldPath(parent, error.property);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      messages.push(
        constraint === 'whitelistValidation'
          ? `${path} is not an allowed field.`
          : sentence(message),
      );
    }
    messages.push(...formatErrors(error.children ?? [], path));
  }
  return messages;
}

function sentence(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
