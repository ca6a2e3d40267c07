// Small TypeBox builders shared by every module's request and response schemas.

import { Type, type TSchema, type TUnsafe } from 'typebox';

/**
 * No request line is longer than this: Node refuses requests whose line and
 * headers exceed http.maxHeaderSize (16 KiB, the service does not change it)
 * with 431. A path parameter up to it is a value to look up, never a 414.
 */
export const MAX_URL_CHARS = 16 * 1024;

// PostgreSQL text cannot hold NUL, and no legitimate field needs it: refuse it at the door.
const NO_NUL = '^[^\\u0000]*$';

/** A string without NUL characters, with explicit length bounds. */
export function Text(options: { minLength?: number; maxLength: number; description?: string; default?: string }) {
  return Type.String({ pattern: NO_NUL, ...options });
}

/** `string | null`, as a single JSON-Schema type array so errors stay one per field. */
export function NullableText(options: { maxLength: number; description?: string }): TUnsafe<string | null> {
  return Type.Unsafe<string | null>({ type: ['string', 'null'], pattern: NO_NUL, ...options });
}

export function NullableInteger(options: { minimum?: number; maximum?: number; description?: string } = {}): TUnsafe<number | null> {
  return Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
}

export function NullableNumber(options: { description?: string } = {}): TUnsafe<number | null> {
  return Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });
}

export function NullableBoolean(options: { description?: string } = {}): TUnsafe<boolean | null> {
  return Type.Unsafe<boolean | null>({ type: ['boolean', 'null'], ...options });
}

/** A free-form JSON object or null. */
export function NullableObject(options: { description?: string } = {}): TUnsafe<Record<string, unknown> | null> {
  return Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true, ...options });
}

/** A closed set of strings, as a plain JSON-Schema `enum`. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { default?: T[number]; description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A closed set of integers (the spec's integer enumerations). */
export function IntegerEnum<const T extends readonly number[]>(values: T, options: { default?: T[number]; description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });
}

/** `T | null` for composite schemas. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** The `{detail: string}` body of every non-validation error. */
export const ErrorResponse = Type.Object({ detail: Type.String() }, { title: 'HTTPError' });
