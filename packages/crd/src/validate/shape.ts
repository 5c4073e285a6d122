/**
 * The one shape mismatch class-validator lets through: `@ValidateNested()` accepts an
 * array where the schema says `type: object` (it validates each element instead), while
 * the API server rejects it. `shapeIssues` walks the object schema and names such fields.
 * @module
 */
import type { JSONSchemaProps } from '../schema/types.js';
import type { ValidationIssue } from './issues.js';

export function shapeIssues(value: unknown, schema: JSONSchemaProps, path = ''): ValidationIssue[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const items = schema.items as JSONSchemaProps | undefined;
    if (schema.type !== 'array' || items === undefined) return [];
    return value.flatMap((item, i) => shapeIssues(item, items, `${path}[${i}]`));
  }
  const issues: ValidationIssue[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const field = (value as Record<string, unknown>)[name];
    const at = path === '' ? name : `${path}.${name}`;
    if (child.type === 'object' && Array.isArray(field)) {
      issues.push({ path: at, constraint: 'type', message: `${at} must be of type object, not an array` });
    } else {
      issues.push(...shapeIssues(field, child, at));
    }
  }
  return issues;
}
