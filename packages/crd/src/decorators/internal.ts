/**
 * Shared plumbing of the decorators: where a decorator was used, argument errors that name
 * it, and the factories that record a schema fragment on a property or a class.
 * @module
 */

import type { JSONSchemaProps } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import { addTypeFragment, updateFieldMetadata } from '../metadata/storage.js';
import type { AnyClass, FieldShape, SchemaFragment, TypeRequirement } from '../metadata/types.js';

/** A decorator usable on a class (type level) and on a property. */
export type SchemaDecorator = ClassDecorator & PropertyDecorator;

/** Item-level variant: `{ each: true }` applies to array items or map values. */
export interface EachOptions {
  each?: boolean;
}

/** `Widget` for a class, `Widget.replicas` for a property. */
export function where(target: object, property?: string | symbol): string {
  const type = typeof target === 'function' ? target : target.constructor;
  return property === undefined ? type.name : `${type.name}.${String(property)}`;
}

export function invalid(decorator: string, target: object, property: string | symbol | undefined, message: string) {
  return new CrdError('invalidDecorator', `${decorator} on ${where(target, property)}: ${message}`);
}

export function propertyName(decorator: string, target: object, property: string | symbol): string {
  if (typeof property !== 'string') throw invalid(decorator, target, property, 'symbol properties cannot be fields');
  return property;
}

export function assertNumber(decorator: string, target: object, property: string | symbol | undefined, value: unknown) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalid(decorator, target, property, `expected a finite number, got ${JSON.stringify(value)}`);
  }
}

export function assertCount(decorator: string, target: object, property: string | symbol | undefined, value: unknown) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid(decorator, target, property, `expected a non-negative integer, got ${JSON.stringify(value)}`);
  }
}

/** Records `schema` on the property (field level). */
export function recordFieldFragment(target: object, property: string | symbol, fragment: SchemaFragment): void {
  const name = propertyName(fragment.decorator, target, property);
  updateFieldMetadata(target.constructor, name, (m) => ({ ...m, fragments: [...m.fragments, fragment] }));
}

export function recordShape(target: object, property: string | symbol, shape: FieldShape): void {
  const name = propertyName(shape.decorator, target, property);
  updateFieldMetadata(target.constructor, name, (m) => {
    if (m.shape !== undefined && m.shape.decorator !== shape.decorator) {
      throw invalid(shape.decorator, target, property, `the type is already declared by ${m.shape.decorator}`);
    }
    return { ...m, shape };
  });
}

/** A field-only decorator adding `schema` to the node (or its items with `each`). */
export function fieldFragment(
  decorator: string,
  requires: TypeRequirement,
  schema: JSONSchemaProps,
  options: EachOptions = {},
): PropertyDecorator {
  return (target, property) => {
    recordFieldFragment(target, property, { decorator, requires, schema, each: options.each ?? false });
  };
}

/** A decorator for a class or a property adding `schema` to the class's or property's node. */
export function schemaFragment(
  decorator: string,
  requires: TypeRequirement,
  schema: JSONSchemaProps,
  options: EachOptions = {},
): SchemaDecorator {
  return (target: object, property?: string | symbol) => {
    const fragment = { decorator, requires, schema, each: options.each ?? false };
    if (property === undefined) addTypeFragment(target as AnyClass, fragment);
    else recordFieldFragment(target, property, fragment);
  };
}
