/**
 * `@operant/crd`: CRD classes and their structural schemas.
 *
 * - Class decorators: `@CustomResource`, `@StatusSubresource`, `@ScaleSubresource`,
 *   `@PrintColumn`, `@SelectableField`, `@StorageVersion`, `@Served`, `@DeprecatedVersion`,
 *   `@CrdMetadata`; the base class `CustomObject<Spec, Status>`.
 * - Field decorators for what class-validator cannot say (`@Field`, `@ArrayOf`, `@MapOf`,
 *   `@Default`, `@XValidation`, `@ListType`, …), and `@KubernetesType` for a field of a
 *   Kubernetes API type (`core/v1.PodTemplateSpec`, `[]core/v1.Container`) and one-of class decorators
 *   (`@ExactlyOneOf`, `@AtMostOneOf`, `@AtLeastOneOf`), named after kubebuilder's markers.
 * - Common types as Go operators get them from apimachinery and core/v1: `Condition`
 *   (metav1.Condition), `ObjectReference`, `LocalObjectReference`, `TypedLocalObjectReference`.
 * - The metadata readers `getResourceMetadata` and `resourceCoordinates`, and the
 *   schema's types (`JSONSchemaProps`, `CustomResourceDefinition`, …).
 *
 * This entry records and reads; it does not build schemas. `buildCrds`/`buildCrd`,
 * `checkStructural`, `validate`, `withDefaults` and `toInstance` are in `@operant/crd/schema`,
 * which loads the schema builder, a CEL engine and RE2: a manager that only reconciles
 * never loads them. (The decorators are built on class-validator and class-transformer,
 * which a CRD class imports anyway.)
 * @module
 */
import 'reflect-metadata';

export type * from './apiextensions/types.js';
export {
  CONDITION_REASON_PATTERN,
  CONDITION_TYPE_PATTERN,
  Condition,
  type ConditionStatus,
} from './common/condition.js';
export type { ObjectMeta, OwnerReference } from './common/object-meta.js';
export { LocalObjectReference, ObjectReference, TypedLocalObjectReference } from './common/object-reference.js';
export { type ResourceCoordinates, resourceCoordinates } from './crd/coordinates.js';
// the default plural of a kind: `operant create api` (@operant/cli) names files and RBAC after it
export { pluralize } from './crd/names.js';
export {
  ExclusiveMax,
  ExclusiveMin,
  MaxProperties,
  MinProperties,
  MultipleOf,
} from './decorators/bounds.decorator.js';
export { PrintColumn, type PrintColumnOptions, SelectableField } from './decorators/columns.decorator.js';
export { CrdMetadata, CustomResource } from './decorators/custom-resource.decorator.js';
export type { EachOptions, SchemaDecorator } from './decorators/internal.js';
export {
  Default,
  Description,
  Example,
  ExternalDocs,
  Format,
  Nullable,
  Title,
} from './decorators/keyword.decorator.js';
export { AtLeastOneOf, AtMostOneOf, ExactlyOneOf } from './decorators/one-of.decorator.js';
export {
  ArrayOf,
  EmbeddedResource,
  Field,
  IntOrString,
  KubernetesType,
  MapOf,
  PreserveUnknownFields,
  Quantity,
  RawSchema,
} from './decorators/shape.decorator.js';
export {
  ScaleSubresource,
  type ScaleSubresourceOptions,
  StatusSubresource,
} from './decorators/subresource.decorator.js';
export { ListMapKey, ListType, MapType } from './decorators/topology.decorator.js';
export { DeprecatedVersion, Served, StorageVersion } from './decorators/version.decorator.js';
export { Immutable, XValidation, type XValidationOptions } from './decorators/x-validation.decorator.js';
export { CrdError, type CrdErrorKind } from './errors.js';
export type { KubernetesTypeExpression, KubernetesTypeName } from './k8s/expression.js';
export { getResourceMetadata } from './metadata/storage.js';
export type {
  AnyClass,
  CrdMetadataOptions,
  CustomResourceOptions,
  DeprecatedVersionOptions,
  Scope,
} from './metadata/types.js';
export { isOperantError, OperantError, type OperantErrorReason } from './operant-error.js';
export { CustomObject } from './resource.js';
