// Request validation with two Ajv instances, and the translation of Ajv's
// errors into the FastAPI/Pydantic 422 shape the spec promises:
// {detail: [{loc, msg, type, input?, ctx?}]} with loc like ["body","questions",0,"question"].

import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../common/errors.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const SHARED_OPTIONS: Options = {
  allErrors: true,
  verbose: true,
  useDefaults: true,
  removeAdditional: true,
  strict: false,
};

/** Bodies are JSON and typed: no coercion (a number is not a string). Query, path and headers arrive as text. */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodyAjv = addFormats(new Ajv({ ...SHARED_OPTIONS, coerceTypes: false }));
  const textAjv = addFormats(new Ajv({ ...SHARED_OPTIONS, coerceTypes: 'array' }));
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
}

const LOC_ROOT: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };
/** Enough to show what is wrong without echoing a megabyte back. */
const MAX_ERRORS = 100;
const MAX_ECHOED_INPUT = 1_000;

export function toFieldErrors(errors: readonly ErrorObject[], context: string): FieldError[] {
  const root = LOC_ROOT[context] ?? context;
  const result: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'if') continue; // the branch errors say it better
    const field = toFieldError(error, root);
    const key = `${field.loc.join('\u0000')}|${field.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(field);
    if (result.length >= MAX_ERRORS) break;
  }
  return result;
}

function toFieldError(error: ErrorObject, root: string): FieldError {
  const loc: (string | number)[] = [root, ...pointerToPath(error.instancePath)];
  const params = error.params as Record<string, string | number | unknown[]>;
  const input = error.data;
  switch (error.keyword) {
    case 'required':
      return { loc: [...loc, String(params.missingProperty)], msg: 'Field required', type: 'missing', ...echo(input) };
    case 'type':
      return typeError(loc, params.type, input);
    case 'enum': {
      const expected = formatChoices(params.allowedValues as unknown[]);
      return { loc, msg: `Input should be ${expected}`, type: 'enum', ...echo(input), ctx: { expected } };
    }
    case 'const': {
      const expected = formatChoices([params.allowedValue]);
      return { loc, msg: `Input should be ${expected}`, type: 'literal_error', ...echo(input), ctx: { expected } };
    }
    case 'minLength': {
      const n = Number(params.limit);
      return {
        loc,
        msg: `String should have at least ${n} character${n === 1 ? '' : 's'}`,
        type: 'string_too_short',
        ...echo(input),
        ctx: { min_length: n },
      };
    }
    case 'maxLength': {
      const n = Number(params.limit);
      return { loc, msg: `String should have at most ${n} characters`, type: 'string_too_long', ...echo(input), ctx: { max_length: n } };
    }
    case 'pattern':
      return patternError(loc, String(params.pattern), input);
    case 'minItems': {
      const n = Number(params.limit);
      const actual = Array.isArray(input) ? input.length : 0;
      return {
        loc,
        msg: `List should have at least ${n} item${n === 1 ? '' : 's'} after validation, not ${actual}`,
        type: 'too_short',
        ...echo(input),
        ctx: { field_type: 'List', min_length: n, actual_length: actual },
      };
    }
    case 'maxItems': {
      const n = Number(params.limit);
      const actual = Array.isArray(input) ? input.length : 0;
      return {
        loc,
        msg: `List should have at most ${n} items after validation, not ${actual}`,
        type: 'too_long',
        ctx: { field_type: 'List', max_length: n, actual_length: actual },
      };
    }
    case 'minimum':
      return {
        loc,
        msg: `Input should be greater than or equal to ${String(params.limit)}`,
        type: 'greater_than_equal',
        ...echo(input),
        ctx: { ge: params.limit },
      };
    case 'maximum':
      return {
        loc,
        msg: `Input should be less than or equal to ${String(params.limit)}`,
        type: 'less_than_equal',
        ...echo(input),
        ctx: { le: params.limit },
      };
    case 'format':
      return { loc, msg: `Input should be a valid ${String(params.format)}`, type: `${String(params.format)}_parsing`, ...echo(input) };
    case 'additionalProperties':
      return { loc: [...loc, String(params.additionalProperty)], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
    default:
      return { loc, msg: error.message ?? 'Invalid value', type: 'value_error', ...echo(input) };
  }
}

const TYPE_ERRORS: Record<string, { type: string; msg: string }> = {
  string: { type: 'string_type', msg: 'Input should be a valid string' },
  integer: { type: 'int_type', msg: 'Input should be a valid integer' },
  number: { type: 'float_type', msg: 'Input should be a valid number' },
  boolean: { type: 'bool_type', msg: 'Input should be a valid boolean' },
  array: { type: 'list_type', msg: 'Input should be a valid list' },
  object: { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' },
  null: { type: 'none_required', msg: 'Input should be None' },
};

function typeError(loc: (string | number)[], expected: unknown, input: unknown): FieldError {
  // A nullable field reports "string,null"; name the useful half.
  const names = String(expected)
    .split(',')
    .filter((t) => t !== 'null');
  const entry = TYPE_ERRORS[names[0] ?? 'null'] ?? { type: 'type_error', msg: `Input should be of type ${String(expected)}` };
  return { loc, msg: entry.msg, type: entry.type, ...echo(input) };
}

function patternError(loc: (string | number)[], pattern: string, input: unknown): FieldError {
  if (pattern.includes('\\u0000')) {
    return { loc, msg: 'String should not contain NUL characters', type: 'string_pattern_mismatch', ctx: { pattern } };
  }
  return { loc, msg: `String should match pattern '${pattern}'`, type: 'string_pattern_mismatch', ...echo(input), ctx: { pattern } };
}

function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

function formatChoices(values: unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

/** The offending input, unless it is too large to send back. */
function echo(input: unknown): { input?: unknown } {
  if (input === undefined) return {};
  if (typeof input === 'string') return input.length <= MAX_ECHOED_INPUT ? { input } : {};
  try {
    return JSON.stringify(input).length <= MAX_ECHOED_INPUT ? { input } : {};
  } catch {
    return {};
  }
}
