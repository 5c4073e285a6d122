/**
 * Applies schema `default`s to a plain object as the API server does on create and on
 * read: a missing (or `null`, non-nullable) property gets its default, and only where its
 * parent object exists.
 * @module
 */
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { isObject } from './plain.js';

export function applyDefaults(value: unknown, schema: JSONSchemaProps): void {
  if (Array.isArray(value)) {
    if (schema.items !== undefined) for (const item of value) applyDefaults(item, schema.items);
    return;
  }
  if (!isObject(value)) return;
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const missing = value[name] === undefined || (value[name] === null && !child.nullable);
    if (missing && child.default !== undefined) value[name] = structuredClone(child.default);
    if (value[name] !== undefined) applyDefaults(value[name], child);
  }
  if (typeof schema.additionalProperties === 'object') {
    for (const item of Object.values(value)) applyDefaults(item, schema.additionalProperties);
  }
}
