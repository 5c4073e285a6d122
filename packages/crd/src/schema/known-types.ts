/**
 * Schemas of the types `design:type` and thunks can name that are not user classes:
 * `String`, `Number`, `Boolean`, `Date` (RFC 3339 `date-time`), and the Kubernetes
 * special types (`IntOrString`, `Quantity`, embedded objects), as controller-gen maps them.
 * @module
 */

import type { JSONSchemaProps } from '../apiextensions/types.js';
import type { AnyClass } from '../metadata/types.js';

/** controller-gen's pattern for `resource.Quantity`. */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

export const intOrStringSchema = (): JSONSchemaProps => ({
  anyOf: [{ type: 'integer' }, { type: 'string' }],
  'x-kubernetes-int-or-string': true,
});

export const quantitySchema = (): JSONSchemaProps => ({ ...intOrStringSchema(), pattern: QUANTITY_PATTERN });

export const preserveUnknownSchema = (): JSONSchemaProps => ({
  type: 'object',
  'x-kubernetes-preserve-unknown-fields': true,
});

export const embeddedResourceSchema = (): JSONSchemaProps => ({
  type: 'object',
  'x-kubernetes-embedded-resource': true,
  'x-kubernetes-preserve-unknown-fields': true,
});

/** The schema of a built-in constructor, or undefined for classes and unknown types. */
export function builtinSchema(type: unknown): JSONSchemaProps | undefined {
  if (type === String) return { type: 'string' };
  if (type === Number) return { type: 'number' };
  if (type === Boolean) return { type: 'boolean' };
  if (type === Date) return { type: 'string', format: 'date-time' };
  return undefined;
}

/** Constructors that say nothing about the shape: unions, records, interfaces, `any`. */
export const opaqueTypes: readonly unknown[] = [Object, Array, Map, Set, Promise, BigInt, Symbol, Function, undefined];

/** A user class that can be inlined as an object schema. */
export const isUserClass = (type: unknown): type is AnyClass =>
  typeof type === 'function' &&
  type.prototype !== undefined &&
  !opaqueTypes.includes(type) &&
  builtinSchema(type) === undefined;
