/**
 * The bounds `validate()` checks before any recursive work: nesting depth and the number
 * of values, walked with an explicit stack (never the call stack), so a hostile object is
 * an issue and not a `RangeError`.
 *
 * - Depth: the API server's JSON decoder (sigs.k8s.io/json, a fork of Go's encoding/json)
 *   refuses more than 10,000 nested objects/arrays (`maxNestingDepth`, "exceeded max
 *   depth"). `validate()` cannot go that deep: `structuredClone` and class-transformer
 *   recurse on the JS stack and overflow near 1,650 levels on Node's default stack
 *   (measured). The bound is 1,000 levels, counted as the API server counts (the object
 *   itself is level 1).
 * - Size: at most 1,572,864 values, the most the API server's 3 MiB request-body limit
 *   (`MaxRequestBodyBytes`) can carry at two bytes a value (`1,`).
 *
 * The issue names the field where the schema stops describing the offending value
 * (`spec.image`, not a path 1,000 segments long) and the limit.
 * @module
 */
import type { JSONSchemaProps } from '../apiextensions/types.js';
import type { ValidationIssue } from './issues.js';

/** Nesting levels of objects and arrays `validate()` accepts (the object itself is level 1). */
export const MAX_DEPTH = 1_000;
/** Values (objects, arrays and scalars) `validate()` accepts in one object. */
export const MAX_VALUES = (3 * 1024 * 1024) / 2;

interface Node {
  value: unknown;
  depth: number;
  parent: Node | undefined;
  key: string;
}

function keysOf(node: Node): string[] {
  const keys: string[] = [];
  for (let at: Node | undefined = node; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/** The path of `keys` as far as `schema` describes it, plus the first key it does not. */
function describedPath(keys: readonly string[], schema: JSONSchemaProps): string {
  let path = '';
  let at: JSONSchemaProps | undefined = schema;
  for (const key of keys) {
    const isIndex: boolean = /^\d+$/.test(key) && at?.type === 'array';
    path = isIndex ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    const additional: JSONSchemaProps['additionalProperties'] = at?.additionalProperties;
    at = isIndex
      ? (at?.items as JSONSchemaProps | undefined)
      : (at?.properties?.[key] ?? (typeof additional === 'object' ? additional : undefined));
    if (at === undefined || (at.type !== 'object' && at.type !== 'array')) break;
  }
  return path;
}

/** The issue of `value` against the bounds, or undefined when within them. */
export function boundsIssue(value: unknown, schema: JSONSchemaProps): ValidationIssue | undefined {
  const stack: Node[] = [{ value, depth: 0, parent: undefined, key: '' }];
  let count = 0;
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    count += 1;
    if (count > MAX_VALUES) {
      return {
        path: describedPath(keysOf(node), schema),
        constraint: 'maxValues',
        message: `must not hold more than ${MAX_VALUES} values (the limit is ${MAX_VALUES}, what a 3 MiB request can carry)`,
      };
    }
    const { value: v } = node;
    if (v === null || typeof v !== 'object') continue;
    const depth = node.depth + 1;
    if (depth > MAX_DEPTH) {
      return {
        path: describedPath(keysOf(node), schema),
        constraint: 'maxDepth',
        message: `must not be nested more than ${MAX_DEPTH} levels deep (the limit is ${MAX_DEPTH})`,
      };
    }
    for (const [key, child] of Object.entries(v)) stack.push({ value: child, depth, parent: node, key });
  }
  return undefined;
}
