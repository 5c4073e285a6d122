/**
 * What the fake client knows of a kind besides its coordinates: whether it has a status
 * subresource, whether the API server tracks `metadata.generation` for it, which field
 * selectors it accepts, and its `@operant/crd` class (for defaults and validation).
 *
 * Custom resources track generation; they have a status subresource when their class says
 * `@StatusSubresource()` or the fake was told `withStatusSubresource(Type)`. Built-in kinds
 * follow the table below (the API server's strategies, Kubernetes 1.37).
 * @module
 */

import { builtinKinds, gvkString, type ObjectClass, type ResourceInfo } from '@operant/core/internal';
import type { JSONSchemaProps } from '@operant/crd';
import { getResourceMetadata } from '@operant/crd/metadata';
import { buildCrd } from '@operant/crd/schema';
import { listKeyOf } from './strategic.js';

/** The keys of the keyed list at `path` (field names from the root, no item segments), if it is one. */
export type ListKeys = (path: readonly string[]) => readonly string[] | undefined;

export interface KindTraits {
  status: boolean;
  generation: boolean;
  /** Field selectors the API server accepts beyond metadata.name and metadata.namespace; undefined = any. */
  selectableFields: readonly string[] | undefined;
  /** The `@operant/crd` class, when the kind was named by one. */
  schemaClass: ObjectClass | undefined;
  /** Lists whose items server-side apply merges by key. */
  listKeys: ListKeys;
  /** Structs server-side apply owns and replaces whole (`+structType=atomic`: label selectors). */
  atomic: AtomicFields;
}

/** Whether the struct at `path` (field names from the root, no item segments) is atomic. */
export type AtomicFields = (path: readonly string[]) => boolean;

/** What server-side apply needs of a kind's shape. */
export type FieldShape = Pick<KindTraits, 'listKeys' | 'atomic'>;

const noAtomic: AtomicFields = () => false;

/** Where the built-in kinds hold a `metav1.LabelSelector`, an atomic struct (Service's `spec.selector` is a plain map). */
const labelSelectors: Record<string, readonly string[]> = {
  'Deployment.v1.apps': ['spec.selector'],
  'StatefulSet.v1.apps': ['spec.selector'],
  'DaemonSet.v1.apps': ['spec.selector'],
  'ReplicaSet.v1.apps': ['spec.selector'],
  'Job.v1.batch': ['spec.selector'],
  'CronJob.v1.batch': ['spec.jobTemplate.spec.selector'],
  'PodDisruptionBudget.v1.policy': ['spec.selector'],
  'NetworkPolicy.v1.networking.k8s.io': ['spec.podSelector'],
};

function builtinAtomic(info: ResourceInfo): AtomicFields {
  const paths = labelSelectors[gvkString(info)];
  return paths === undefined ? noAtomic : (path) => paths.includes(path.join('.'));
}

const noKeys: ListKeys = () => undefined;

/** Built-in kinds: the merge keys of the lists operators patch (see `strategic.ts`). */
const builtinListKeys: ListKeys = (path) => {
  const key = listKeyOf(path[path.length - 1] ?? '', path.slice(0, -1));
  return key === undefined ? undefined : [key];
};

const crdKeys = new WeakMap<object, ListKeys>();

/** A class's `@ListType('map')` lists and their `@ListMapKey`s, read from the schema `buildCrd` writes. */
function keysOfClass(type: ObjectClass): ListKeys {
  let keys = crdKeys.get(type);
  if (keys === undefined) {
    const found = new Map<string, string[]>();
    const walk = (schema: JSONSchemaProps | undefined, path: string[]) => {
      if (schema === undefined) return;
      const mapKeys = schema['x-kubernetes-list-map-keys'];
      if (schema['x-kubernetes-list-type'] === 'map' && mapKeys !== undefined) found.set(path.join('.'), mapKeys);
      for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, [...path, name]);
      walk(schema.items as JSONSchemaProps | undefined, path);
    };
    try {
      walk(buildCrd(type).spec.versions[0]?.schema?.openAPIV3Schema, []);
    } catch {
      // a class buildCrd refuses has no keyed lists to offer
    }
    keys = (path) => found.get(path.join('.'));
    crdKeys.set(type, keys);
  }
  return keys;
}

/** Built-in kinds with a status subresource and/or generation tracking; the rest have neither. */
const builtinTraits: Record<string, Pick<KindTraits, 'status' | 'generation'>> = {
  'Pod.v1': { status: true, generation: true },
  'Service.v1': { status: true, generation: false },
  'Namespace.v1': { status: true, generation: false },
  'Node.v1': { status: true, generation: false },
  'PersistentVolume.v1': { status: true, generation: false },
  'PersistentVolumeClaim.v1': { status: true, generation: false },
  'Deployment.v1.apps': { status: true, generation: true },
  'StatefulSet.v1.apps': { status: true, generation: true },
  'DaemonSet.v1.apps': { status: true, generation: true },
  'ReplicaSet.v1.apps': { status: true, generation: true },
  'Job.v1.batch': { status: true, generation: true },
  'CronJob.v1.batch': { status: true, generation: true },
  'Ingress.v1.networking.k8s.io': { status: true, generation: true },
  'NetworkPolicy.v1.networking.k8s.io': { status: false, generation: true },
  'PodDisruptionBudget.v1.policy': { status: true, generation: true },
  'CustomResourceDefinition.v1.apiextensions.k8s.io': { status: true, generation: true },
};

const builtinKeys = new Set(builtinKinds.map((info) => gvkString(info)));

export function isBuiltin(info: ResourceInfo): boolean {
  return builtinKeys.has(gvkString(info));
}

/** The traits of a kind; `statusOverride` is what `withStatusSubresource` said, `type` the class it was named by. */
export function traitsOf(info: ResourceInfo, type: unknown, statusOverride: boolean | undefined): KindTraits {
  if (isBuiltin(info)) {
    const t = builtinTraits[gvkString(info)] ?? { status: false, generation: false };
    return {
      ...t,
      status: statusOverride ?? t.status,
      selectableFields: undefined,
      schemaClass: undefined,
      listKeys: builtinListKeys,
      atomic: builtinAtomic(info),
    };
  }
  const meta = typeof type === 'function' ? getResourceMetadata(type) : undefined;
  const isCrdClass = meta?.options !== undefined;
  return {
    status: statusOverride ?? meta?.status ?? false,
    generation: true,
    selectableFields: (meta?.selectableFields ?? []).map((f) => f.replace(/^\./, '')),
    schemaClass: isCrdClass ? (type as KindTraits['schemaClass']) : undefined,
    listKeys: isCrdClass ? keysOfClass(type as ObjectClass) : noKeys,
    atomic: noAtomic,
  };
}
