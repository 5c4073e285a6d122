/**
 * The schema of a Kubernetes API type as controller-gen inlines it into a CRD: the
 * unflattened schemas of data.ts resolved the way controller-tools' flattener resolves
 * them (pkg/crd/flatten.go). A field of a named type (`{ $ref, description, … }`) becomes
 * the type's schema with the field's keywords merged in and the field's description in
 * place of the type's (the type's when the field has none); an embedded Go struct
 * (`allOf: [{ $ref }]`) has its properties merged into the outer object, its description
 * dropped; `required` lists that went through a merge come out sorted, as Go sorts them.
 * Each type is flattened once and copied into every place that uses it.
 * @module
 */

import type { JSONSchemaProps } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import { kubernetesTypesData } from './data.js';
import type { KubernetesTypeExpression } from './expression.js';

type Node = JSONSchemaProps & { $ref?: string };

/** Documentation keywords: a merge never copies them (controller-gen keeps the field's or the type's). */
const docKeys = ['description', 'title', 'example', 'externalDocs'] as const;
/** Keywords where the merged-in schema replaces the existing value. */
const replaced = new Set([
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-map-type',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
]);
/** Go `bool` fields of JSONSchemaProps: false is their zero value, so never a conflict. */
const boolKeys = new Set([
  'nullable',
  'uniqueItems',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
]);

const isZero = (key: string, value: unknown): boolean =>
  value === undefined || value === '' || (value === false && boolKeys.has(key));

const sameValue = (a: unknown, b: unknown): boolean =>
  typeof a !== 'object' || typeof b !== 'object' ? a === b : JSON.stringify(a) === JSON.stringify(b);

/** controller-tools' `flattenAllOfInto`: `src`'s keywords merged into `dst`. */
function mergeInto(dst: Node, src: Node, where: string): void {
  for (const embedded of src.allOf ?? []) mergeInto(dst, embedded, where);
  const target = dst as Record<string, unknown>;
  for (const [key, value] of Object.entries(src)) {
    if (key === 'allOf' || (docKeys as readonly string[]).includes(key)) continue;
    if (key === 'enum') {
      if (Array.isArray(value) && value.length > 0 && (dst.enum?.length ?? 0) === 0) dst.enum = [...value];
      continue;
    }
    if (isZero(key, value)) continue;
    if (isZero(key, target[key])) {
      target[key] = value;
      continue;
    }
    if (sameValue(target[key], value)) continue;
    switch (key) {
      case 'properties': {
        const properties = dst.properties as Record<string, Node>;
        for (const [name, child] of Object.entries(value as Record<string, Node>)) {
          if (properties[name] === undefined) properties[name] = child;
          else mergeInto(properties[name], child, `${where}.${name}`);
        }
        break;
      }
      case 'required':
        dst.required = [...(dst.required ?? []), ...(value as string[])];
        break;
      case 'type':
        throw new CrdError('unknownType', `${where}: conflicting types ${dst.type} and ${String(value)}`);
      case 'additionalProperties':
        if (typeof value === 'object' && typeof dst.additionalProperties === 'object') {
          mergeInto(dst.additionalProperties, value, `${where}{}`);
        }
        break;
      case 'x-kubernetes-validations':
        dst['x-kubernetes-validations'] = [...(value as []), ...(dst['x-kubernetes-validations'] ?? [])];
        break;
      default:
        if (!replaced.has(key)) {
          throw new CrdError(
            'unknownType',
            `${where}: ${key} is set twice (${JSON.stringify(value)}), which a CRD cannot merge`,
          );
        }
        target[key] = value;
    }
  }
  if (dst.required !== undefined && dst.required.length > 0) dst.required = [...new Set(dst.required)].sort();
}

const flattened = new Map<string, Node>();
const inProgress = new Set<string>();

/** A named type, flattened (a fresh copy each call). */
function typeSchema(name: string, where: string): Node {
  let schema = flattened.get(name);
  if (schema === undefined) {
    const raw = kubernetesTypesData().types[name];
    if (raw === undefined) {
      throw new CrdError(
        'unknownType',
        `${where}: @KubernetesType names ${name}, not a Kubernetes type Operant has a schema for (see packages/crd/data/k8s-types.json)`,
      );
    }
    if (inProgress.has(name)) throw new CrdError('cycle', `${where}: ${name} refers to itself`);
    inProgress.add(name);
    try {
      schema = flattenNode(structuredClone(raw), name);
    } finally {
      inProgress.delete(name);
    }
    flattened.set(name, schema);
  }
  return structuredClone(schema);
}

/** A `{ $ref, … }` field: the type's schema with the field's keywords and description. */
function resolveRef(node: Node, where: string): Node {
  const type = typeSchema(node.$ref as string, where);
  const out: Node = {};
  for (const key of docKeys) {
    const value = node[key] !== undefined && node[key] !== '' ? node[key] : type[key];
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  const field: Node = { ...node };
  delete field.$ref;
  mergeInto(out, type, where);
  mergeInto(out, field, where);
  return out;
}

/** Resolves every reference under `node`, then merges embedded structs (`allOf`) into their objects. */
function flattenNode(node: Node, where: string): Node {
  if (node.$ref !== undefined) return resolveRef(node, where);
  const out: Node = { ...node };
  if (out.properties !== undefined) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([name, child]) => [name, flattenNode(child, `${where}.${name}`)]),
    );
  }
  if (out.items !== undefined) out.items = flattenNode(out.items, `${where}[]`);
  if (typeof out.additionalProperties === 'object') {
    out.additionalProperties = flattenNode(out.additionalProperties, `${where}{}`);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (out[key] !== undefined) out[key] = out[key].map((branch) => flattenNode(branch, where));
  }
  if (out.not !== undefined) out.not = flattenNode(out.not, where);
  if (out.allOf !== undefined) {
    const embedded = out.allOf.map((branch) => flattenNode(branch, where));
    delete out.allOf;
    for (const branch of embedded) mergeInto(out, branch, where);
  }
  return out;
}

const listPrefix = '[]';
const mapPrefix = 'map[string]';

/**
 * The schema controller-gen writes for a Go field of this type, before the field's own
 * doc comment and markers: `core/v1.PodTemplateSpec`, `[]core/v1.Container` (an array of
 * them), `map[string]resource.Quantity` (an object of them).
 */
export function kubernetesTypeSchema(
  expression: KubernetesTypeExpression | string,
  where = expression,
): JSONSchemaProps {
  if (expression.startsWith(listPrefix)) {
    return { type: 'array', items: resolveRef({ $ref: expression.slice(listPrefix.length) }, `${where}[]`) };
  }
  if (expression.startsWith(mapPrefix)) {
    const value = resolveRef({ $ref: expression.slice(mapPrefix.length) }, `${where}{}`);
    return { type: 'object', additionalProperties: value };
  }
  return resolveRef({ $ref: expression }, where);
}

/** Whether Operant has the schema of this type (`core/v1.Container`, without `[]` or `map[string]`). */
export function isKubernetesTypeName(name: string): boolean {
  return Object.hasOwn(kubernetesTypesData().types, name);
}
