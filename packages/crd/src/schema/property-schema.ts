/**
 * One property → one schema node. Sources, in order: the Operant shape decorator
 * (`@ArrayOf`, `@MapOf`, `@IntOrString`, `@KubernetesType`, …), class-transformer's `@Type`, then
 * `design:type`; class-validator decorators then state types and add keywords (to the
 * node, or with `{ each: true }` to its items or values); Operant keyword decorators last.
 * @module
 */

import type { JSONSchemaProps } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import { transformerType } from '../internal/class-transformer.js';
import { kubernetesTypeSchema } from '../k8s/flatten.js';
import { OPERANT_CONSTRAINT_PREFIX } from '../metadata/keys.js';
import type { AnyClass, FieldMetadata, FieldShape, SchemaFragment } from '../metadata/types.js';
import {
  isCustomMeta,
  isDefinedMeta,
  isNestedMeta,
  isOptionalMeta,
  isPromiseMeta,
  isValidateIfMeta,
  type ValidationMetadata,
} from './class-validator.js';
import { type Converted, converters, decoratorName } from './converters.js';
import {
  builtinSchema,
  embeddedResourceSchema,
  intOrStringSchema,
  isUserClass,
  preserveUnknownSchema,
  quantitySchema,
} from './known-types.js';
import { applyType, assertFits, mergeKeywords } from './merge.js';

export interface BuildContext {
  warn(where: string, message: string): void;
  /** The inlined schema of a user class (a fresh copy each call). */
  objectSchema(type: AnyClass, where: string): JSONSchemaProps;
  /** The doc comment of a class or property, trimmed; `@Description` wins over it. */
  describe(type: AnyClass, property?: string): string | undefined;
  /** The `format` of integer nodes without `@Format()` (`none`: no format). */
  intFormat: 'int32' | 'int64' | 'none';
}

export interface PropertyInput {
  owner: AnyClass;
  name: string;
  validations: readonly ValidationMetadata[];
  field: FieldMetadata | undefined;
}

export interface PropertyResult {
  schema: JSONSchemaProps;
  required: boolean;
}

interface Statement extends Converted {
  decorator: string;
  each: boolean;
}

function statements(input: PropertyInput, where: string, ctx: BuildContext): Statement[] {
  const out: Statement[] = [];
  for (const meta of input.validations) {
    const decorator = decoratorName(meta.name);
    if (isPromiseMeta(meta)) {
      throw new CrdError('unsupportedDecorator', `${where}: @ValidatePromise has no schema form (a CRD holds JSON)`);
    }
    if ((meta.groups?.length ?? 0) > 0) ctx.warn(where, `${decorator} has groups; the API server always checks it`);
    if (meta.validateIf !== undefined) ctx.warn(where, `${decorator} has validateIf; the API server always checks it`);
    if (!isCustomMeta(meta) || meta.name?.startsWith(OPERANT_CONSTRAINT_PREFIX)) continue;
    const converter = meta.name === undefined ? undefined : converters[meta.name];
    if (converter === undefined) {
      ctx.warn(where, `${decorator} has no schema form: only validate() checks it, not the API server`);
      continue;
    }
    const converted = converter(meta.constraints ?? [], meta);
    if (converted.error !== undefined) {
      throw new CrdError('unsupportedDecorator', `${where}: ${decorator} ${converted.error}`);
    }
    if (converted.warning !== undefined) ctx.warn(where, `${decorator}: ${converted.warning}`);
    out.push({ ...converted, decorator, each: meta.each ?? false });
  }
  return out;
}

const unknownTypeAdvice =
  'declare it with @ArrayOf(() => T), @MapOf(() => T), @IntOrString(), @PreserveUnknownFields() or @RawSchema()';

/** The node for a value of `type` (a scalar constructor or a user class), typed by `stated` if unknown. */
function valueSchema(type: unknown, stated: readonly Statement[], where: string, ctx: BuildContext): JSONSchemaProps {
  const builtin = builtinSchema(type);
  if (builtin !== undefined) return builtin;
  if (isUserClass(type)) return ctx.objectSchema(type, where);
  const scalar = stated.find((s) => s.type !== undefined && s.type !== 'array' && s.type !== 'object');
  if (scalar !== undefined) return {};
  if (type === Array) {
    throw new CrdError('unknownType', `${where}: the element type of the array is unknown; add @ArrayOf(() => T)`);
  }
  if (type === Map)
    throw new CrdError('unknownType', `${where}: the value type of the Map is unknown; add @MapOf(() => T)`);
  if (type === undefined) {
    throw new CrdError(
      'unknownType',
      `${where}: no design:type metadata; compile with experimentalDecorators and emitDecoratorMetadata (swc: decoratorMetadata), or ${unknownTypeAdvice}`,
    );
  }
  const name = typeof type === 'function' ? type.name : String(type);
  throw new CrdError(
    'unknownType',
    `${where}: the type is ${name} (a union, Record, interface or any); ${unknownTypeAdvice}`,
  );
}

function applyStatements(node: JSONSchemaProps, stated: readonly Statement[], where: string): void {
  for (const s of stated) if (s.type !== undefined) applyType(node, s.type, s.decorator, where);
  for (const s of stated) {
    if (s.schema !== undefined) mergeKeywords(node, s.schema, s.decorator, where);
    if (s.requires !== undefined) assertFits(node, s.requires, s.decorator, where);
  }
}

function applyFragments(node: JSONSchemaProps, fragments: readonly SchemaFragment[], where: string): void {
  for (const f of fragments) {
    mergeKeywords(node, f.schema, f.decorator, where);
    assertFits(node, f.requires, f.decorator, where);
  }
}

function shapeSchema(
  shape: FieldShape | undefined,
  input: PropertyInput,
  each: readonly Statement[],
  own: readonly Statement[],
  where: string,
  ctx: BuildContext,
): JSONSchemaProps {
  const design: unknown = Reflect.getMetadata('design:type', input.owner.prototype, input.name);
  switch (shape?.decorator) {
    case '@RawSchema':
      return structuredClone(shape.schema);
    case '@KubernetesType':
      return kubernetesTypeSchema(shape.type, where);
    case '@IntOrString':
      return intOrStringSchema();
    case '@Quantity':
      return quantitySchema();
    case '@PreserveUnknownFields':
      return preserveUnknownSchema();
    case '@EmbeddedResource':
      return embeddedResourceSchema();
    case '@ArrayOf':
      return { type: 'array', items: valueSchema(shape.type(), each, `${where}[]`, ctx) };
    case '@MapOf': {
      const value = shape.type();
      if (design !== Map && (isUserClass(value) || each.length > 0)) {
        throw new CrdError(
          'unknownType',
          `${where}: @MapOf of ${isUserClass(value) ? `a class` : 'values with {each: true} checks'} needs a Map<string, T> property (class-validator iterates Maps, not plain objects)`,
        );
      }
      return { type: 'object', additionalProperties: valueSchema(value, each, `${where}{}`, ctx) };
    }
    default: {
      const type = transformerType(input.owner, input.name) ?? design;
      if (type === Array || (type === Object && own.some((s) => s.type === 'array'))) {
        if (each.some((s) => s.type !== undefined))
          return { type: 'array', items: valueSchema(undefined, each, `${where}[]`, ctx) };
        throw new CrdError('unknownType', `${where}: the element type of the array is unknown; add @ArrayOf(() => T)`);
      }
      if (own.some((s) => s.type === 'object') && !isUserClass(type)) {
        throw new CrdError(
          'unknownType',
          `${where}: @IsObject alone gives an object the API server prunes to {}; use @MapOf(() => T) or @PreserveUnknownFields()`,
        );
      }
      return valueSchema(type, own, where, ctx);
    }
  }
}

const isClassNode = (node: JSONSchemaProps | boolean | undefined): boolean =>
  typeof node === 'object' && node.type === 'object' && node.properties !== undefined;

export function propertySchema(input: PropertyInput, ctx: BuildContext): PropertyResult {
  const where = `${input.owner.name}.${input.name}`;
  const stated = statements(input, where, ctx);
  const own = stated.filter((s) => !s.each);
  const each = stated.filter((s) => s.each);
  const node = shapeSchema(input.field?.shape, input, each, own, where, ctx);
  applyStatements(node, own, where);
  const element = node.type === 'array' ? node.items : node.additionalProperties;
  if (each.length > 0 || input.field?.fragments.some((f) => f.each)) {
    if (typeof element !== 'object') {
      const first = each[0]?.decorator ?? input.field?.fragments.find((f) => f.each)?.decorator;
      throw new CrdError('incompatibleConstraint', `${where}: ${first} with {each: true} needs an array or a map`);
    }
    applyStatements(element, each, `${where}[]`);
  }
  const doc = ctx.describe(input.owner, input.name);
  if (doc !== undefined) node.description = doc;
  for (const f of input.field?.fragments ?? []) {
    applyFragments(f.each ? (element as JSONSchemaProps) : node, [f], f.each ? `${where}[]` : where);
  }
  const given = input.field?.shape?.decorator === '@RawSchema' || input.field?.shape?.decorator === '@KubernetesType';
  if (!given && ctx.intFormat !== 'none') {
    for (const n of [node, element]) {
      if (typeof n === 'object' && n.type === 'integer' && n.format === undefined) n.format = ctx.intFormat;
    }
  }
  if (own.some((s) => s.decorator === '@ArrayUnique') && typeof element === 'object' && element.type === 'object') {
    throw new CrdError(
      'unsupportedDecorator',
      `${where}: @ArrayUnique on objects has no schema form (a set holds scalars); use @ListType('map') with @ListMapKey(...) instead`,
    );
  }
  const validations = input.validations;
  if ((isClassNode(node) || isClassNode(element)) && !given) {
    if (!validations.some(isNestedMeta)) {
      throw new CrdError(
        'unsupportedDecorator',
        `${where}: a nested class needs @ValidateNested() so that validate() checks it as the API server does`,
      );
    }
  }
  if (node.type === 'number') ctx.warn(where, 'is a float (number); use @IsInt() for integers');
  const optional = validations.some((m) => isOptionalMeta(m) || isValidateIfMeta(m)) || node.default !== undefined;
  if (validations.some(isValidateIfMeta)) ctx.warn(where, '@ValidateIf makes the field optional in the schema');
  return { schema: node, required: validations.some(isDefinedMeta) || !optional };
}
