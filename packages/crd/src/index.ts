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
 * - The types code names: `CustomResourceOptions` (shared between the versions of one
 *   kind), `JSONSchemaProps`, `CustomResourceDefinition` (its parts by indexed access,
 *   `CustomResourceDefinition['spec']['versions'][number]`), `ObjectMeta`, `AnyClass`, and
 *   `CrdError`. The other decorators' arguments are written inline and checked there.
 *
 * This entry records and reads; it does not build schemas. `buildCrds`/`buildCrd`,
 * `checkStructural`, `validate`, `withDefaults` and `toInstance` are in `@operant/crd/schema`,
 * which loads the schema builder, a CEL engine and RE2: a manager that only reconciles
 * never loads them. The metadata readers (`getResourceMetadata`, `resourceCoordinates`,
 * `pluralize`) and `OperantError` are in `@operant/crd/metadata`. (The decorators are built on
 * class-validator and class-transformer, which a CRD class imports anyway.)
 * @module
 */
import 'reflect-metadata';

export type { CustomResourceDefinition, JSONSchemaProps } from './apiextensions/types.js';
export { Condition } from './common/condition.js';
export type { ObjectMeta, OwnerReference } from './common/object-meta.js';
export { LocalObjectReference, ObjectReference, TypedLocalObjectReference } from './common/object-reference.js';
export {
  ExclusiveMax,
  ExclusiveMin,
  MaxProperties,
  MinProperties,
  MultipleOf,
} from './decorators/bounds.decorator.js';
export { PrintColumn, SelectableField } from './decorators/columns.decorator.js';
export { CrdMetadata, CustomResource } from './decorators/custom-resource.decorator.js';
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
export { ScaleSubresource, StatusSubresource } from './decorators/subresource.decorator.js';
export { ListMapKey, ListType, MapType } from './decorators/topology.decorator.js';
export { DeprecatedVersion, Served, StorageVersion } from './decorators/version.decorator.js';
export { Immutable, XValidation } from './decorators/x-validation.decorator.js';
export { CrdError } from './errors.js';
export type { AnyClass, CustomResourceOptions } from './metadata/types.js';
export { CustomObject } from './resource.js';
