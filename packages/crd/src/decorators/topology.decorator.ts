/**
 * Server-side-apply merge topology: `@ListType('atomic' | 'set' | 'map')`,
 * `@ListMapKey(...keys)` and `@MapType('atomic' | 'granular')` (kubebuilder's
 * `+listType`, `+listMapKey`, `+mapType`/`+structType`). The rules that tie them to the
 * item schema (map keys required and scalar, set items scalar) are checked on the output.
 * @module
 */

import type { AnyClass } from '../metadata/types.js';
import { fieldFragment, invalid, type SchemaDecorator, schemaFragment } from './internal.js';

export type ListType = 'atomic' | 'set' | 'map';
export type MapType = 'atomic' | 'granular';

export function ListType(type: ListType): PropertyDecorator {
  return (target, property) => {
    if (!['atomic', 'set', 'map'].includes(type)) {
      throw invalid('@ListType', target, property, `expected "atomic", "set" or "map", got ${JSON.stringify(type)}`);
    }
    fieldFragment('@ListType', 'array', { 'x-kubernetes-list-type': type })(target, property);
  };
}

/** The item properties that identify an item of a `@ListType('map')` list. */
export function ListMapKey(...keys: string[]): PropertyDecorator {
  return (target, property) => {
    if (
      keys.length === 0 ||
      keys.some((k) => typeof k !== 'string' || k === '') ||
      new Set(keys).size !== keys.length
    ) {
      throw invalid('@ListMapKey', target, property, 'expected one or more distinct property names');
    }
    fieldFragment('@ListMapKey', 'array', { 'x-kubernetes-list-map-keys': keys })(target, property);
  };
}

/** On a map property or a class (kubebuilder's `+structType`). */
export function MapType(type: MapType): SchemaDecorator {
  return (target: object, property?: string | symbol) => {
    if (type !== 'atomic' && type !== 'granular') {
      throw invalid('@MapType', target, property, `expected "atomic" or "granular", got ${JSON.stringify(type)}`);
    }
    schemaFragment('@MapType', 'object', { 'x-kubernetes-map-type': type })(target as AnyClass, property as string);
  };
}
