/**
 * Checks a value (a `default`) against a schema node, as the API server requires defaults
 * to validate against their own schema and to be pruned already: types, enums, required
 * properties, bounds and unknown fields. Not a full validator: CEL rules and formats are
 * left to the API server.
 * @module
 */
import type { JSONSchemaProps } from '../apiextensions/types.js';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function valueProblems(value: unknown, s: JSONSchemaProps, path: string): string[] {
  const found = typeOf(value);
  if (value === null) return s.nullable ? [] : [`${path} is null but the field is not nullable`];
  if (s['x-kubernetes-int-or-string']) {
    return found === 'integer' || found === 'string' ? [] : [`${path} must be an integer or a string, found ${found}`];
  }
  if (s.type !== undefined && s.type !== found && !(s.type === 'number' && found === 'integer')) {
    return [`${path} must be ${s.type}, found ${found} ${JSON.stringify(value)}`];
  }
  const problems: string[] = [];
  if (s.enum !== undefined && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    problems.push(`${path} ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && (value < s.minimum || (s.exclusiveMinimum && value === s.minimum))) {
      problems.push(`${path} ${value} is below the minimum ${s.minimum}`);
    }
    if (s.maximum !== undefined && (value > s.maximum || (s.exclusiveMaximum && value === s.maximum))) {
      problems.push(`${path} ${value} is above the maximum ${s.maximum}`);
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (s.minLength !== undefined && length < s.minLength) problems.push(`${path} is shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && length > s.maxLength) problems.push(`${path} is longer than ${s.maxLength}`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems)
      problems.push(`${path} has fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && value.length > s.maxItems)
      problems.push(`${path} has more than ${s.maxItems} items`);
    const items = s.items;
    if (items !== undefined)
      for (const [i, v] of value.entries()) problems.push(...valueProblems(v, items, `${path}[${i}]`));
  }
  if (found === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of s.required ?? []) {
      if (!(key in record) && s.properties?.[key]?.default === undefined) problems.push(`${path}.${key} is required`);
    }
    for (const [key, v] of Object.entries(record)) {
      const child =
        s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      if (child !== undefined) problems.push(...valueProblems(v, child, `${path}.${key}`));
      else if (!s['x-kubernetes-preserve-unknown-fields'] && s.additionalProperties !== true) {
        problems.push(`${path}.${key} is an unknown field (the API server would prune it)`);
      }
    }
  }
  return problems;
}
