/**
 * Classes → inlined object schemas. A class is keyed by its constructor (never its name,
 * so same-named classes from two files stay apart), built once per generation and copied
 * into every place that uses it; a class reached again while it is being built is a cycle,
 * reported with its path, because a CRD schema cannot refer to itself.
 * @module
 */

import type { JSONSchemaProps } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import { exposedName, isExcluded } from '../internal/class-transformer.js';
import { getSchemaMetadata } from '../metadata/storage.js';
import type { AnyClass } from '../metadata/types.js';
import { validationsByProperty } from './class-validator.js';
import { assertFits, mergeKeywords } from './merge.js';
import { applyOneOf } from './one-of.js';
import { type BuildContext, propertySchema } from './property-schema.js';

export interface SchemaWarning {
  where: string;
  message: string;
}

export interface DescriptionOptions {
  /** Doc comments by class (and property), as crd-gen reads them from the sources. */
  describe?: (type: AnyClass, property?: string) => string | undefined;
  /**
   * controller-gen's `maxDescLen`: every description of each version's schema (doc comments,
   * `@Description`, the common types', the root's `apiVersion` and `kind`) cut to this many
   * characters, at a sentence end or a word with "..." (`truncateDescriptions`); 0 removes
   * them all. Default: kept whole.
   */
  maxDescriptionLength?: number;
}

/**
 * The `format` of integer nodes that do not declare one with `@Format()`: `int32` (the
 * default: what a Go author writing `int32`, Kubernetes' type for counts, replicas and
 * ports, gets from controller-gen), `int64` (Go's `int64`), or `none` (Go's `int`: no format).
 */
export type IntFormat = 'int32' | 'int64' | 'none';

export interface SchemaOptions extends DescriptionOptions {
  /** Default `int32`; see `IntFormat`. */
  intFormat?: IntFormat;
}

export interface ObjectSchemaOptions {
  /** Properties left out (the root's `apiVersion`, `kind`, `metadata`, which the CRD builder writes). */
  skip?: readonly string[];
}

/** Builds object schemas for one generation run; collects warnings. */
export class SchemaBuilder implements BuildContext {
  readonly warnings: SchemaWarning[] = [];

  readonly intFormat: IntFormat;
  /** Applied by the CRD builder to each version's whole schema (`truncateDescriptions`). */
  readonly maxDescriptionLength: number | undefined;

  constructor(private readonly descriptions: SchemaOptions = {}) {
    this.intFormat = descriptions.intFormat ?? 'int32';
    this.maxDescriptionLength = descriptions.maxDescriptionLength;
  }

  describe(type: AnyClass, property?: string): string | undefined {
    const text = this.descriptions.describe?.(type, property)?.trim();
    return text === undefined || text === '' ? undefined : text;
  }

  private readonly done = new Map<AnyClass, JSONSchemaProps>();
  private readonly stack: { type: AnyClass; where: string }[] = [];

  warn(where: string, message: string): void {
    if (!this.warnings.some((w) => w.where === where && w.message === message)) this.warnings.push({ where, message });
  }

  objectSchema(type: AnyClass, where: string, options: ObjectSchemaOptions = {}): JSONSchemaProps {
    const cached = options.skip === undefined ? this.done.get(type) : undefined;
    if (cached !== undefined) return structuredClone(cached);
    const open = this.stack.findIndex((frame) => frame.type === type);
    if (open >= 0) {
      const path = [...this.stack.slice(open).map((f) => f.type.name), type.name].join(' -> ');
      throw new CrdError(
        'cycle',
        `${where}: ${path} is recursive, which a CRD schema cannot express; cut the cycle with @PreserveUnknownFields()`,
      );
    }
    this.stack.push({ type, where });
    try {
      const schema = this.build(type, options.skip ?? []);
      if (options.skip === undefined) this.done.set(type, schema);
      return structuredClone(schema);
    } finally {
      this.stack.pop();
    }
  }

  private build(type: AnyClass, skip: readonly string[]): JSONSchemaProps {
    const validations = validationsByProperty(type);
    const meta = getSchemaMetadata(type);
    const names = [...new Set([...validations.keys(), ...Object.keys(meta.fields)])].filter(
      (name) => !skip.includes(name) && !isExcluded(type, name),
    );
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    for (const name of names.sort()) {
      const renamed = exposedName(type, name);
      if (renamed !== undefined && renamed !== name) {
        throw new CrdError(
          'unsupportedDecorator',
          `${type.name}.${name}: @Expose({ name: "${renamed}" }) renames are not supported; name the property as in JSON`,
        );
      }
      const result = propertySchema(
        { owner: type, name, validations: validations.get(name) ?? [], field: meta.fields[name] },
        this,
      );
      properties[name] = result.schema;
      if (result.required) required.push(name);
    }
    const schema: JSONSchemaProps = { type: 'object', properties };
    const doc = this.describe(type);
    if (doc !== undefined) schema.description = doc;
    if (required.length > 0) schema.required = required;
    for (const fragment of meta.fragments) {
      mergeKeywords(schema, fragment.schema, fragment.decorator, type.name);
      assertFits(schema, fragment.requires, fragment.decorator, type.name);
    }
    applyOneOf(schema, meta.oneOf, type, (where, message) => this.warn(where, message));
    return schema;
  }
}
