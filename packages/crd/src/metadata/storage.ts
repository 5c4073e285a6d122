/**
 * The single reader and writer of `@operant/crd` metadata. Decorators call `update*` with
 * their target (any object: a class as a decorator receives it, typed `Function`);
 * the schema builder calls `get*`. Records are replaced, never mutated, so a subclass
 * never changes its parent's record. Nothing else touches these Reflect keys.
 * @module
 */
import 'reflect-metadata';
import { RESOURCE_METADATA, SCHEMA_METADATA } from './keys.js';
import type {
  AnyClass,
  FieldMetadata,
  OneOfMetadata,
  ResourceMetadata,
  SchemaFragment,
  SchemaMetadata,
} from './types.js';

const emptyResource = (): ResourceMetadata => ({
  options: undefined,
  status: false,
  scale: undefined,
  printColumns: [],
  selectableFields: [],
  storage: false,
  served: true,
  deprecated: undefined,
  crdMetadata: undefined,
});

const emptySchema = (): SchemaMetadata => ({ fragments: [], oneOf: [], fields: {} });
const emptyField = (): FieldMetadata => ({ shape: undefined, fragments: [] });

export function updateResourceMetadata(target: object, update: (current: ResourceMetadata) => ResourceMetadata): void {
  const current: ResourceMetadata = Reflect.getOwnMetadata(RESOURCE_METADATA, target) ?? emptyResource();
  Reflect.defineMetadata(RESOURCE_METADATA, update(current), target);
}

/** The class's own CRD record (not inherited: each version class declares its own). */
export function getResourceMetadata(target: object): ResourceMetadata | undefined {
  return Reflect.getOwnMetadata(RESOURCE_METADATA, target);
}

function updateSchemaMetadata(target: object, update: (current: SchemaMetadata) => SchemaMetadata): void {
  const current: SchemaMetadata = Reflect.getOwnMetadata(SCHEMA_METADATA, target) ?? emptySchema();
  Reflect.defineMetadata(SCHEMA_METADATA, update(current), target);
}

export function updateFieldMetadata(
  target: object,
  property: string,
  update: (current: FieldMetadata) => FieldMetadata,
): void {
  updateSchemaMetadata(target, (m) => ({
    ...m,
    fields: { ...m.fields, [property]: update(m.fields[property] ?? emptyField()) },
  }));
}

export function addTypeFragment(target: object, fragment: SchemaFragment): void {
  updateSchemaMetadata(target, (m) => ({ ...m, fragments: [...m.fragments, fragment] }));
}

/** Class decorators run bottom-up: prepending keeps the groups in source order. */
export function addOneOf(target: object, group: OneOfMetadata): void {
  updateSchemaMetadata(target, (m) => ({ ...m, oneOf: [group, ...m.oneOf] }));
}

/**
 * The schema record of a class merged with its ancestors': parents first, a subclass's
 * field entry adding to (not replacing) the parent's.
 */
export function getSchemaMetadata(target: AnyClass): SchemaMetadata {
  const chain: AnyClass[] = [];
  for (let t: unknown = target; typeof t === 'function' && t !== Function.prototype; t = Object.getPrototypeOf(t)) {
    chain.unshift(t as AnyClass);
  }
  let merged = emptySchema();
  for (const type of chain) {
    const own: SchemaMetadata | undefined = Reflect.getOwnMetadata(SCHEMA_METADATA, type);
    if (own === undefined) continue;
    const fields: Record<string, FieldMetadata> = { ...merged.fields };
    for (const [name, field] of Object.entries(own.fields)) {
      const base = fields[name] ?? emptyField();
      fields[name] = { shape: field.shape ?? base.shape, fragments: [...base.fragments, ...field.fragments] };
    }
    merged = { fragments: [...merged.fragments, ...own.fragments], oneOf: [...merged.oneOf, ...own.oneOf], fields };
  }
  return merged;
}
