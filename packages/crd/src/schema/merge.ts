/**
 * Merging keywords into a schema node, with the checks that make decorator order
 * irrelevant: integer beats number whatever the order, the same keyword set twice to
 * different values is a conflict, and every keyword must fit the node's type.
 * @module
 */
import { isDeepStrictEqual } from 'node:util';
import type { JSONSchemaProps, SchemaType } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import type { TypeRequirement } from '../metadata/types.js';

/** Keywords where the later declaration (the property's) wins over the earlier (the class's). */
const overridable = new Set(['description', 'title', 'example', 'externalDocs']);

export function applyType(node: JSONSchemaProps, type: SchemaType, decorator: string, where: string): void {
  if (node['x-kubernetes-int-or-string'] && (type === 'integer' || type === 'string')) return;
  if (node.type === undefined || node.type === type) node.type = type;
  else if (node.type === 'number' && type === 'integer') node.type = 'integer';
  else if (!(node.type === 'integer' && type === 'number')) {
    throw new CrdError(
      'incompatibleConstraint',
      `${where}: ${decorator} says the value is ${article(type)}, but the property is ${article(node.type)}`,
    );
  }
}

export function mergeKeywords(node: JSONSchemaProps, schema: JSONSchemaProps, decorator: string, where: string): void {
  const target = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') applyType(node, value as SchemaType, decorator, where);
    else if (key === 'x-kubernetes-validations') {
      node[key] = [...(node[key] ?? []), ...structuredClone(value as [])];
    } else if (target[key] === undefined || overridable.has(key)) target[key] = structuredClone(value);
    else if (!isDeepStrictEqual(target[key], value)) {
      throw new CrdError(
        'incompatibleConstraint',
        `${where}: ${decorator} sets "${key}" to ${JSON.stringify(value)}, but another decorator set it to ${JSON.stringify(target[key])}`,
      );
    }
  }
}

const fits: Record<TypeRequirement, (node: JSONSchemaProps) => boolean> = {
  any: () => true,
  number: (n) => n.type === 'integer' || n.type === 'number',
  string: (n) => n.type === 'string' || n['x-kubernetes-int-or-string'] === true,
  array: (n) => n.type === 'array',
  object: (n) => n.type === 'object',
};

export function assertFits(node: JSONSchemaProps, requires: TypeRequirement, decorator: string, where: string): void {
  if (!fits[requires](node)) {
    const found = node['x-kubernetes-int-or-string'] ? 'int-or-string' : (node.type ?? 'untyped');
    throw new CrdError('incompatibleConstraint', `${where}: ${decorator} needs ${article(requires)}, found "${found}"`);
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
