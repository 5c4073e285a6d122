/**
 * The object schema `validate()` and `toInstance()` follow for a class: the same builder
 * `buildCrds` uses, so code and API server read one source. Cached per class.
 * @module
 */

import type { JSONSchemaProps } from '../apiextensions/types.js';
import { getResourceMetadata } from '../metadata/storage.js';
import type { AnyClass } from '../metadata/types.js';
import { SchemaBuilder } from '../schema/object-schema.js';

const cache = new WeakMap<AnyClass, JSONSchemaProps>();
const rootFields = ['apiVersion', 'kind', 'metadata'];

export function schemaOf(type: AnyClass): JSONSchemaProps {
  let schema = cache.get(type);
  if (schema === undefined) {
    const isRoot = getResourceMetadata(type)?.options !== undefined;
    schema = new SchemaBuilder().objectSchema(type, type.name, isRoot ? { skip: rootFields } : {});
    cache.set(type, schema);
  }
  return schema;
}
