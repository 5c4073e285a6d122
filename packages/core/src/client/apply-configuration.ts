/**
 * Typed server-side apply without generated code: `ApplyConfiguration<T>` is derived from
 * the object type itself (a CRD class, a client-node model such as `V1Deployment`): every
 * field optional at every depth, except the identity that an apply needs (`apiVersion`,
 * `kind`, `metadata.name`, and `metadata.namespace` when the kind token says the kind is
 * namespaced). `applyConfiguration(kind, fields)` builds one with `apiVersion` and `kind`
 * filled in (client-go's generated `appsv1ac.Deployment(name, namespace)` constructors).
 *
 * Arrays keep their element types, deep-partial. For `listType=map` lists (containers by
 * `name`, ports by `containerPort`, conditions by `type`) the type cannot tell the key
 * fields apart, so it does not require them as client-go's apply configurations do; the
 * API server refuses an element without its keys (`invalid`). Atomic lists and maps are
 * replaced whole by the applier, as with any server-side apply.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { ResourceRegistry } from '../resources/registry.js';
import {
  apiVersionOf,
  isResourceDescriptor,
  type ObjectClass,
  type ResourceDescriptor,
  type ResourceType,
} from '../resources/resource-type.js';

/** Leaves that are written whole: scalars, timestamps and functions. */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | ((...args: never[]) => unknown);

/** `T` with every field optional at every depth; array elements stay typed (deep-partial). */
export type DeepPartial<T> = T extends Leaf
  ? T
  : T extends readonly (infer E)[]
    ? DeepPartial<E>[]
    : string extends keyof T
      ? { [K in keyof T]: DeepPartial<T[K]> } // a map (labels): its entries are whole
      : { [K in keyof T]?: DeepPartial<T[K]> };

/**
 * The metadata of an apply configuration: `name` required, `namespace` too when
 * `Namespaced` is `true`; owner references whole (the API server keys them by `uid`);
 * `managedFields` is the API server's and cannot be applied.
 */
export type ApplyMetadata<T extends KubernetesObject = KubernetesObject, Namespaced extends boolean = boolean> = Omit<
  DeepPartial<NonNullable<T['metadata']>>,
  'name' | 'namespace' | 'ownerReferences' | 'managedFields'
> & { name: string; ownerReferences?: NonNullable<T['metadata']>['ownerReferences'] } & (true extends Namespaced
    ? boolean extends Namespaced
      ? { namespace?: string }
      : { namespace: string }
    : { namespace?: undefined });

/** An apply configuration without `apiVersion` and `kind`: what `applyConfiguration(kind, …)` takes. */
export type ApplyFields<T extends KubernetesObject, Namespaced extends boolean = boolean> = DeepPartial<
  Omit<T, 'apiVersion' | 'kind' | 'metadata'>
> & { metadata: ApplyMetadata<T, Namespaced> };

/**
 * What `client.apply()` and `client.status().apply()` take for objects of type `T`: only
 * the fields this field owner has an opinion on (controller-runtime's
 * `runtime.ApplyConfiguration`, derived from `T` instead of generated). `Namespaced` is
 * `true` for namespaced kind tokens (`Deployment`), which makes `metadata.namespace`
 * required; for classes the scope is checked when the apply is sent.
 */
export type ApplyConfiguration<T extends KubernetesObject, Namespaced extends boolean = boolean> = {
  apiVersion: string;
  kind: string;
} & ApplyFields<T, Namespaced>;

let sharedRegistry: ResourceRegistry | undefined;

/** Knows the built-in kinds, client-node's models and `@CustomResource` classes. */
function defaultRegistry(): ResourceRegistry {
  sharedRegistry ??= new ResourceRegistry();
  return sharedRegistry;
}

/**
 * An apply configuration of `type` with `apiVersion` and `kind` set from the kind token or
 * class: `applyConfiguration(Deployment, { metadata: { name, namespace }, spec: { replicas: 2 } })`.
 * A class is looked up in `registry` (default: CRD classes and client-node models).
 */
export function applyConfiguration<T extends KubernetesObject, Namespaced extends boolean>(
  type: ResourceDescriptor<T, Namespaced>,
  fields: ApplyFields<T, Namespaced>,
): ApplyConfiguration<T, Namespaced>;
export function applyConfiguration<T extends KubernetesObject>(
  type: ObjectClass<T>,
  fields: ApplyFields<T>,
  registry?: ResourceRegistry,
): ApplyConfiguration<T>;
export function applyConfiguration<T extends KubernetesObject>(
  type: ResourceType<T>,
  fields: ApplyFields<T>,
  registry?: ResourceRegistry,
): ApplyConfiguration<T> {
  const info = isResourceDescriptor(type) ? type : (registry ?? defaultRegistry()).resolve(type);
  return { ...(fields as object), apiVersion: apiVersionOf(info), kind: info.kind } as ApplyConfiguration<T>;
}
