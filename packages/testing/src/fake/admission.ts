/**
 * What the API server does to an object between the request and storage, for the fake
 * client: on create it fills `uid`, `creationTimestamp`, `generation` and a name from
 * `generateName`, and drops `status` of kinds with a status subresource; on update it keeps
 * the server-owned metadata, keeps `status` (main resource) or everything but `status`
 * (the status subresource), bumps `generation` when anything but `metadata` (and `status`,
 * with the subresource) changed, and refuses new finalizers on an object being deleted,
 * missing required fields of built-in kinds (`builtin-shapes.ts`) and changes of immutable
 * fields (see `immutable-fields.ts`; names are checked in `names.ts`).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { KubernetesObject } from '@operant/core';
import { formatTime, type ObjectMeta } from '@operant/core/api';
import { type ResourceInfo } from '@operant/core/internal';
import { requiredFieldCauses } from './builtin-shapes.js';
import { immutableFieldCauses, keepAllocated } from './immutable-fields.js';
import { type JsonObject, jsonEqual } from './json.js';
import type { KindTraits } from './kinds.js';
import type { StatusCause } from './status-errors.js';

/** The object as a create stores it; `name` is already decided (see `nameFor`). */
export function prepareCreate(traits: KindTraits, obj: KubernetesObject, name: string, now: Date): KubernetesObject {
  const out = { ...obj } as KubernetesObject & { status?: unknown };
  const {
    deletionTimestamp: _d,
    deletionGracePeriodSeconds: _g,
    ...meta
  } = (obj.metadata ?? {}) as ObjectMeta & {
    deletionGracePeriodSeconds?: number;
  };
  out.metadata = {
    ...meta,
    name,
    uid: randomUUID(),
    creationTimestamp: formatTime(now),
    generation: traits.generation ? 1 : undefined,
    resourceVersion: undefined,
  };
  if (traits.status) delete out.status;
  return withNameLabel(out);
}

const isNamespace = (obj: KubernetesObject) => obj.kind === 'Namespace' && obj.apiVersion === 'v1';

/** Namespaces carry `kubernetes.io/metadata.name`, which the API server sets and keeps. */
function withNameLabel<T extends KubernetesObject>(obj: T): T {
  if (!isNamespace(obj) || obj.metadata?.name === undefined) return obj;
  obj.metadata.labels = { ...obj.metadata.labels, 'kubernetes.io/metadata.name': obj.metadata.name };
  return obj;
}

/** The problem of an update whose uid is not the stored object's (a conflict on the API server). */
export function uidMismatch(old: KubernetesObject, incoming: KubernetesObject): string | undefined {
  const uid = incoming.metadata?.uid;
  if (!uid || uid === old.metadata?.uid) return undefined;
  return `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${old.metadata?.uid}`;
}

const serverMeta = [
  'name',
  'namespace',
  'uid',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'generation',
  'resourceVersion',
  'managedFields',
] as const;

const withoutMetadata = (obj: object) => {
  const { metadata: _m, ...rest } = obj as { metadata?: unknown };
  return rest;
};

/**
 * The object an update (or patch, or apply) of `old` to `incoming` stores, or problems.
 * `subresource: 'status'` keeps everything of `old` but `status`.
 */
export function prepareUpdate(
  info: ResourceInfo,
  traits: KindTraits,
  old: KubernetesObject,
  incoming: KubernetesObject,
  subresource: 'status' | undefined,
): { object: KubernetesObject; causes: StatusCause[] } {
  const stored = structuredClone(old) as JsonObject;
  let next: JsonObject;
  if (subresource === 'status') {
    next = stored;
    const status = (incoming as JsonObject).status;
    if (status === undefined) delete next.status;
    else next.status = structuredClone(status);
  } else {
    next = structuredClone(incoming) as JsonObject;
    const meta = { ...(next.metadata as JsonObject) };
    const oldMeta = stored.metadata as JsonObject;
    for (const key of serverMeta) {
      if (oldMeta[key] === undefined) delete meta[key];
      else meta[key] = oldMeta[key];
    }
    next.metadata = meta;
    if (traits.status) {
      if (stored.status === undefined) delete next.status;
      else next.status = stored.status;
    }
  }
  withNameLabel(next as KubernetesObject);
  const causes = finalizerCauses(old, next as KubernetesObject);
  if (subresource === undefined) {
    keepAllocated(info, old, next as KubernetesObject);
    causes.push(...requiredFieldCauses(info, next as KubernetesObject));
    causes.push(...immutableFieldCauses(info, old, next as KubernetesObject));
  }
  if (traits.generation && !jsonEqual(withoutMetadata(stored), withoutMetadata(next))) {
    (next.metadata as JsonObject).generation = ((old.metadata?.generation ?? 0) as number) + 1;
  }
  return { object: next as KubernetesObject, causes };
}

function finalizerCauses(old: KubernetesObject, next: KubernetesObject): StatusCause[] {
  if (old.metadata?.deletionTimestamp === undefined) return [];
  const before = new Set(old.metadata.finalizers ?? []);
  const added = (next.metadata?.finalizers ?? []).filter((f) => !before.has(f));
  if (added.length === 0) return [];
  return [
    {
      reason: 'FieldValueForbidden',
      field: 'metadata.finalizers',
      message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => `"${f}"`).join(', ')}}`,
    },
  ];
}

/** The object a delete of an object with finalizers stores: marked, not removed. */
export function markDeleted(old: KubernetesObject, now: Date): KubernetesObject {
  const meta = old.metadata ?? {};
  return {
    ...structuredClone(old),
    metadata: {
      ...structuredClone(meta),
      deletionTimestamp: formatTime(now),
      deletionGracePeriodSeconds: 0,
      generation: meta.generation !== undefined && meta.generation > 0 ? meta.generation + 1 : meta.generation,
    } as ObjectMeta,
  };
}
