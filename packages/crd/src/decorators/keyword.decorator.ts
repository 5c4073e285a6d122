/**
 * Schema keywords with no class-validator counterpart, each one kubebuilder marker:
 * `@Default(v)`, `@Nullable()`, `@Format(f)`, `@Description(s)`, `@Title(s)`,
 * `@Example(v)`, `@ExternalDocs({url, description})`.
 *
 * They describe the schema; `validate()` honours `@Default` (it defaults like the API
 * server does) but not `@Format` (use class-validator's `@IsEmail()` & co. for both sides).
 * @module
 */

import type { ExternalDocumentation } from '../apiextensions/types.js';
import { type EachOptions, fieldFragment, invalid, type SchemaDecorator, schemaFragment } from './internal.js';

/** `default`: applied by the API server when the field is missing (and its parent exists). */
export function Default(value: unknown): PropertyDecorator {
  return (target, property) => {
    if (value === undefined || typeof value === 'function' || typeof value === 'bigint') {
      throw invalid('@Default', target, property, 'the default must be a JSON value');
    }
    fieldFragment('@Default', 'any', { default: structuredClone(value) })(target, property);
  };
}

/** `nullable: true`: JSON `null` is accepted (never emitted otherwise). */
export function Nullable(options: EachOptions = {}): PropertyDecorator {
  return fieldFragment('@Nullable', 'any', { nullable: true }, options);
}

/** `format`; formats the API server does not know are reported as warnings. */
export function Format(format: string, options: EachOptions = {}): PropertyDecorator {
  return (target, property) => {
    if (typeof format !== 'string' || format === '')
      throw invalid('@Format', target, property, 'expected a format name');
    fieldFragment('@Format', 'any', { format }, options)(target, property);
  };
}

/** `description`; wins over the doc comment that crd-gen reads from the source. */
export function Description(description: string): SchemaDecorator {
  return schemaFragment('@Description', 'any', { description });
}

export function Title(title: string): SchemaDecorator {
  return schemaFragment('@Title', 'any', { title });
}

export function Example(example: unknown): PropertyDecorator {
  return fieldFragment('@Example', 'any', { example: structuredClone(example) });
}

export function ExternalDocs(docs: ExternalDocumentation): SchemaDecorator {
  return schemaFragment('@ExternalDocs', 'any', { externalDocs: { ...docs } });
}
