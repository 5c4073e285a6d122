/**
 * What the decorators of `@operant/crd` record. `*Options` are what users pass,
 * `*Metadata` what is stored.
 * @module
 */
import type { JSONSchemaProps, PrinterColumn, ScaleSubresource } from '../apiextensions/types.js';

export type Scope = 'Namespaced' | 'Cluster';

export interface CustomResourceOptions {
  /** API group, a DNS subdomain with at least one dot (`demo.operant.dev`). */
  group: string;
  /** Version name (`v1`, `v1beta1`). */
  version: string;
  /** CamelCase kind (`Widget`). */
  kind: string;
  /** Defaults to the lowercase plural of `kind`. */
  plural?: string;
  /** Defaults to the lowercase `kind`. */
  singular?: string;
  /** Defaults to `${kind}List`. */
  listKind?: string;
  scope: Scope;
  shortNames?: readonly string[];
  categories?: readonly string[];
}

export interface DeprecatedVersionOptions {
  /** At most 256 printable characters; the API server's default warning when absent. */
  warning?: string;
}

export interface CrdMetadataOptions {
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
}

export interface ResourceMetadata {
  options: CustomResourceOptions | undefined;
  status: boolean;
  scale: ScaleSubresource | undefined;
  printColumns: readonly PrinterColumn[];
  selectableFields: readonly string[];
  storage: boolean;
  served: boolean;
  deprecated: DeprecatedVersionOptions | undefined;
  crdMetadata: CrdMetadataOptions | undefined;
}

/** A lazily resolved type: a class or `String`, `Number`, `Boolean`, `Date`. */
export type TypeThunk = () => unknown;

/** How a property declares its shape when `design:type` cannot say it. */
export type FieldShape =
  | { decorator: '@Field' }
  | { decorator: '@ArrayOf'; type: TypeThunk }
  | { decorator: '@MapOf'; type: TypeThunk }
  | { decorator: '@IntOrString' }
  | { decorator: '@Quantity' }
  | { decorator: '@PreserveUnknownFields' }
  | { decorator: '@EmbeddedResource' }
  | { decorator: '@RawSchema'; schema: JSONSchemaProps }
  | { decorator: '@KubernetesType'; type: string };

/** What a fragment's keywords need the node's type to be. */
export type TypeRequirement = 'number' | 'string' | 'array' | 'object' | 'any';

/** Schema keywords one decorator adds, to the node itself or (`each`) to its items or values. */
export interface SchemaFragment {
  decorator: string;
  each: boolean;
  requires: TypeRequirement;
  schema: JSONSchemaProps;
}

export interface FieldMetadata {
  shape: FieldShape | undefined;
  fragments: readonly SchemaFragment[];
}

/** Which one-of decorator: at most, exactly or at least one of `fields` is set. */
export type OneOfDecorator = '@AtMostOneOf' | '@ExactlyOneOf' | '@AtLeastOneOf';

/** A class-level `@ExactlyOneOf(...fields)` and the like; the schema builder checks the names. */
export interface OneOfMetadata {
  decorator: OneOfDecorator;
  fields: readonly string[];
}

export interface SchemaMetadata {
  /** Fragments declared on the class itself (type-level `@XValidation`, `@Description`, …). */
  fragments: readonly SchemaFragment[];
  /** One-of groups, in source order. */
  oneOf: readonly OneOfMetadata[];
  fields: Readonly<Record<string, FieldMetadata>>;
}

/** Any class (constructor), whatever its parameters. Decorators receive it typed as `Function`. */
export type AnyClass = abstract new (...args: never) => unknown;
