/**
 * Field decorators shared by the DTOs: each bundles a type check, bounds and one clear
 * message naming the field, so every DTO states a field's rule in one word.
 */
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import {
  MAX_CANVAS_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_CANVAS_NAME_LENGTH,
  MIN_USERNAME_LENGTH,
  USERNAME_PATTERN,
} from '../shared/limits';
import {
  INVALID_CANVAS_NAME,
  INVALID_DISPLAY_NAME,
  INVALID_EMAIL,
  INVALID_USERNAME,
} from '../shared/strings';
import { ID_PATTERN, MAX_ID_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './dto.limits';
import { idMessage, requiredMessage, stringMessage } from './fieldRules';

type Message = string | ((args: ValidationArguments) => string);

/** No control characters (names are shown to other users). */
const PRINTABLE = /^[^\p{Cc}]*$/u;

/** Applies several property decorators in order (class-validator checks them in this order). */
function all(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };
}

/** A missing (undefined) or null field fails with '<field> is required.' before other checks. */
export function Required(): PropertyDecorator {
  return IsDefined({ message: (args: ValidationArguments) => requiredMessage(args.property) });
}

function required(...decorators: PropertyDecorator[]): PropertyDecorator {
  return all(Required(), ...decorators);
}

/** Optional: skipped when absent (undefined); `null` is still checked, and fails. */
export function Optional(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/** Trimmed fields, by DTO prototype (read by `parseDto` through `trimmedFields`). */
const TRIMMED_FIELDS = new WeakMap<object, Set<string>>();

/** Marks a string field to be trimmed before validation (bounds apply after trim). */
function trimmed(): PropertyDecorator {
  return (target, key) => {
    const fields = TRIMMED_FIELDS.get(target) ?? new Set<string>();
    fields.add(String(key));
    TRIMMED_FIELDS.set(target, fields);
  };
}

/** The fields of `dtoClass` marked to be trimmed. */
export function trimmedFields(dtoClass: abstract new () => object): ReadonlySet<string> {
  return TRIMMED_FIELDS.get(dtoClass.prototype as object) ?? new Set();
}

function text(message: Message, min: number, max: number, pattern?: RegExp): PropertyDecorator {
  return all(
    IsString({ message }),
    Length(min, max, { message }),
    ...(pattern === undefined ? [] : [Matches(pattern, { message })]),
  );
}

/** A user, canvas or event id. */
export function IdField(): PropertyDecorator {
  const message = (args: ValidationArguments) => idMessage(args.property);
  return required(
    IsString({ message }),
    MaxLength(MAX_ID_LENGTH, { message }),
    Matches(ID_PATTERN, { message }),
  );
}

/** An email, trimmed. */
export function EmailField(): PropertyDecorator {
  return all(
    trimmed(),
    required(
      IsString({ message: INVALID_EMAIL }),
      MaxLength(MAX_EMAIL_LENGTH, { message: INVALID_EMAIL }),
      IsEmail({}, { message: INVALID_EMAIL }),
    ),
  );
}

/** A password (never trimmed). */
export function PasswordField(): PropertyDecorator {
  const message = `password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`;
  return required(text(message, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH));
}

/** A username, trimmed: `shared/limits.ts` bounds and pattern. Pass `optional` for updates. */
export function UsernameField(optional = false): PropertyDecorator {
  const rule = text(INVALID_USERNAME, MIN_USERNAME_LENGTH, MAX_USERNAME_LENGTH, USERNAME_PATTERN);
  return all(trimmed(), optional ? all(Optional(), rule) : required(rule));
}

/** An optional display name, trimmed, possibly empty. */
export function DisplayNameField(): PropertyDecorator {
  return all(
    trimmed(),
    Optional(),
    text(INVALID_DISPLAY_NAME, 0, MAX_DISPLAY_NAME_LENGTH, PRINTABLE),
  );
}

/** A canvas name, trimmed, never empty. Pass `optional` where a default exists. */
export function CanvasNameField(optional = false): PropertyDecorator {
  const rule = text(INVALID_CANVAS_NAME, MIN_CANVAS_NAME_LENGTH, MAX_CANVAS_NAME_LENGTH, PRINTABLE);
  return all(trimmed(), optional ? all(Optional(), rule) : required(rule));
}

/** A bounded string (no trimming). */
export function StringField(max: number, optional = false): PropertyDecorator {
  const message = (args: ValidationArguments) => stringMessage(args.property, max);
  const rule = all(IsString({ message }), MaxLength(max, { message }));
  return optional ? all(Optional(), rule) : required(rule);
}

/** An optional integer ≥ `min`. */
export function OptionalIntegerField(min: number): PropertyDecorator {
  const message = (args: ValidationArguments) =>
    `${args.property} must be an integer of at least ${min}.`;
  return all(Optional(), IsInt({ message }), Min(min, { message }));
}

/** An optional `true` or `false`. */
export function OptionalBooleanField(): PropertyDecorator {
  const message = (args: ValidationArguments) => `${args.property} must be true or false.`;
  return all(Optional(), IsBoolean({ message }));
}

/** One of `values` (compared with ===). */
export function OneOfField(values: readonly unknown[]): PropertyDecorator {
  const message = (args: ValidationArguments) =>
    `${args.property} must be one of: ${values.map((value) => JSON.stringify(value)).join(', ')}.`;
  return required(IsIn([...values], { message }));
}
