/**
 * Walks an old and a new version schema side by side: each node present in both is judged
 * by the node rules, each property of the old that the new lacks is a removed field. Array
 * elements are `[*]` in paths, map values `.*`. A node whose type changed is reported once,
 * not compared below.
 * @module
 */
import type { JSONSchemaProps } from '@operant/crd';
import { type Change, change, type Location } from './change.js';
import { join, NODE_RULES, typeRule } from './node-rules.js';

const mapValues = (node: JSONSchemaProps): JSONSchemaProps | undefined =>
  typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;

/** Every incompatible change from `old` to `next`, the schemas of one version at `at`. */
export function compareSchemas(old: JSONSchemaProps, next: JSONSchemaProps, at: Location): Change[] {
  const typeChanges = typeRule(old, next, at);
  if (typeChanges.length > 0) return typeChanges;
  const changes = NODE_RULES.flatMap((rule) => rule(old, next, at));
  for (const [name, oldProperty] of Object.entries(old.properties ?? {})) {
    const path = join(at.path, name);
    const property = next.properties?.[name];
    if (property === undefined) {
      changes.push(change('existingFieldRemoval', { ...at, path }, `field ${name} removed`));
    } else {
      changes.push(...compareSchemas(oldProperty, property, { ...at, path }));
    }
  }
  if (old.items !== undefined && next.items !== undefined) {
    changes.push(...compareSchemas(old.items, next.items, { ...at, path: `${at.path ?? ''}[*]` }));
  }
  const oldValues = mapValues(old);
  const values = mapValues(next);
  if (oldValues !== undefined && values !== undefined) {
    changes.push(...compareSchemas(oldValues, values, { ...at, path: join(at.path, '*') }));
  }
  return changes;
}
