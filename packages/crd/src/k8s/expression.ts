/**
 * The argument of `@KubernetesType`: a Kubernetes API type named as a Go field declares it,
 * `core/v1.PodTemplateSpec`, `[]core/v1.Container` (a list) or
 * `map[string]resource.Quantity` (a map), so a field ports from Go by copying its type.
 * Types only: the decorator records the string, the schema builder reads it.
 * @module
 */
import type { KubernetesTypeName } from './type-names.js';

/** A Kubernetes type, a list of one (`[]T`) or a map of one (`map[string]T`). */
export type KubernetesTypeExpression =
  | KubernetesTypeName
  | `[]${KubernetesTypeName}`
  | `map[string]${KubernetesTypeName}`;

export type { KubernetesTypeName };
