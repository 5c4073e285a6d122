/**
 * Numeric and object bounds class-validator lacks: `@ExclusiveMin(n)`, `@ExclusiveMax(n)`,
 * `@MultipleOf(n)`, `@MinProperties(n)`, `@MaxProperties(n)`. Each records its schema
 * keywords and registers a class-validator constraint (through the public `ValidateBy`),
 * so `validate()` enforces exactly what the API server enforces.
 * @module
 */
import { ValidateBy, type ValidationOptions } from 'class-validator';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { OPERANT_CONSTRAINT_PREFIX } from '../metadata/keys.js';
import type { TypeRequirement } from '../metadata/types.js';
import { assertCount, assertNumber, type EachOptions, recordFieldFragment } from './internal.js';

interface Bound {
  decorator: string;
  name: string;
  requires: TypeRequirement;
  schema: JSONSchemaProps;
  check: (value: unknown) => boolean;
  message: string;
}

function bound(spec: Bound, options: EachOptions): PropertyDecorator {
  return (target, property) => {
    recordFieldFragment(target, property, {
      decorator: spec.decorator,
      requires: spec.requires,
      schema: spec.schema,
      each: options.each ?? false,
    });
    const validationOptions: ValidationOptions = { each: options.each ?? false, message: `$property ${spec.message}` };
    ValidateBy(
      { name: `${OPERANT_CONSTRAINT_PREFIX}${spec.name}`, validator: { validate: spec.check } },
      validationOptions,
    )(target, property as string);
  };
}

const keyCount = (value: unknown): number | undefined =>
  value instanceof Map
    ? value.size
    : typeof value === 'object' && value !== null
      ? Object.keys(value).length
      : undefined;

type Assert = typeof assertNumber;

/** A decorator factory `(n, {each}) => PropertyDecorator` for one bound. */
function boundFactory(
  decorator: string,
  requires: TypeRequirement,
  assert: Assert,
  make: (n: number) => Pick<Bound, 'schema' | 'check' | 'message'>,
): (n: number, options?: EachOptions) => PropertyDecorator {
  const name = decorator.charAt(1).toLowerCase() + decorator.slice(2);
  return (n, options = {}) =>
    (target, property) => {
      assert(decorator, target, property, n);
      bound({ decorator, name, requires, ...make(n) }, options)(target, property);
    };
}

/** `minimum: n, exclusiveMinimum: true`. */
export const ExclusiveMin = boundFactory('@ExclusiveMin', 'number', assertNumber, (n) => ({
  schema: { minimum: n, exclusiveMinimum: true },
  check: (v) => typeof v === 'number' && v > n,
  message: `must be greater than ${n}`,
}));

/** `maximum: n, exclusiveMaximum: true`. */
export const ExclusiveMax = boundFactory('@ExclusiveMax', 'number', assertNumber, (n) => ({
  schema: { maximum: n, exclusiveMaximum: true },
  check: (v) => typeof v === 'number' && v < n,
  message: `must be less than ${n}`,
}));

/** `multipleOf: n`. */
export const MultipleOf = boundFactory('@MultipleOf', 'number', assertNumber, (n) => ({
  schema: { multipleOf: n },
  check: (v) => typeof v === 'number' && Number.isInteger(v / n),
  message: `must be a multiple of ${n}`,
}));

/** `minProperties: n` on a map or object. */
export const MinProperties = boundFactory('@MinProperties', 'object', assertCount, (n) => ({
  schema: { minProperties: n },
  check: (v) => (keyCount(v) ?? -1) >= n,
  message: `must have at least ${n} properties`,
}));

/** `maxProperties: n` on a map or object. */
export const MaxProperties = boundFactory('@MaxProperties', 'object', assertCount, (n) => ({
  schema: { maxProperties: n },
  check: (v) => (keyCount(v) ?? Number.POSITIVE_INFINITY) <= n,
  message: `must have at most ${n} properties`,
}));
