/**
 * What the runtime needs to know about a kind: group, version, kind, plural and scope
 * (`ResourceInfo`), and how user code names a kind (`ResourceType`): a descriptor (the
 * built-in kind tokens such as `Deployment`, or one made by `resourceType()`) or a class (a
 * user CRD class, or a client-node model such as `V1Deployment`).
 * @module
 */
import type { KubernetesObject } from '../api/object.js';

/** Group, version, kind, plural and scope of one resource. `group` is `''` for the core group. */
export interface ResourceInfo {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Lowercase plural as it appears in URLs (`configmaps`). */
  readonly plural: string;
  readonly namespaced: boolean;
}

/** A class whose instances are objects of one kind. */
// biome-ignore lint/suspicious/noExplicitAny: constructor parameters are irrelevant here
export type ObjectClass<T extends KubernetesObject = KubernetesObject> = abstract new (...args: any[]) => T;

const descriptorBrand: unique symbol = Symbol.for('@operant/core/ResourceDescriptor');

/**
 * A kind named by a value instead of a class: a built-in kind token (`Deployment`) or one
 * made by `resourceType()`. `T` is the object type it reads and writes.
 */
export interface ResourceDescriptor<T extends KubernetesObject = KubernetesObject, Namespaced extends boolean = boolean>
  extends ResourceInfo {
  /** The literal `true` or `false` on the built-in kind tokens, so that apply configurations can require a namespace. */
  readonly namespaced: Namespaced;
  /** `apps/v1`, or `v1` for the core group: what objects of this kind carry in `apiVersion`. */
  readonly apiVersion: string;
  readonly [descriptorBrand]: true;
  /** Phantom: carries `T` for type inference only; always undefined. */
  readonly __object?: T;
}

/** How user code names a kind: a registered class or a descriptor. */
export type ResourceType<T extends KubernetesObject = KubernetesObject> = ObjectClass<T> | ResourceDescriptor<T>;

/** The object type a ResourceType reads and writes. */
export type ObjectOf<R> = R extends ResourceType<infer T> ? T : never;

/**
 * A kind known only by its coordinates, e.g.
 * `resourceType<Certificate>({ group: 'cert-manager.io', version: 'v1', kind: 'Certificate', plural: 'certificates', namespaced: true })`.
 */
export function resourceType<T extends KubernetesObject = KubernetesObject>(info: ResourceInfo): ResourceDescriptor<T> {
  return Object.freeze({
    group: info.group,
    version: info.version,
    kind: info.kind,
    plural: info.plural,
    namespaced: info.namespaced,
    apiVersion: apiVersionOf(info),
    [descriptorBrand]: true as const,
  });
}

export function isResourceDescriptor(value: unknown): value is ResourceDescriptor {
  return (
    typeof value === 'object' && value !== null && (value as { [descriptorBrand]?: unknown })[descriptorBrand] === true
  );
}

/** `apps/v1` or `v1` for the core group. */
export function apiVersionOf(info: Pick<ResourceInfo, 'group' | 'version'>): string {
  return info.group === '' ? info.version : `${info.group}/${info.version}`;
}

/** `Deployment.apps`-style name used in messages and map keys: `kind.version.group`. */
export function gvkString(info: Pick<ResourceInfo, 'group' | 'version' | 'kind'>): string {
  const known = gvkStrings.get(info);
  if (known !== undefined) return known;
  const gvk = info.group === '' ? `${info.kind}.${info.version}` : `${info.kind}.${info.version}.${info.group}`;
  // the registry's and the descriptors' infos are frozen: one string each, hashed once, for
  // the lookups every read and write makes by it (a fresh string would be hashed each time)
  if (Object.isFrozen(info)) gvkStrings.set(info, gvk);
  return gvk;
}

const gvkStrings = new WeakMap<object, string>();

/** Splits `apps/v1` into group and version. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}
