/**
 * Owner references (controller-runtime's `controllerutil.SetControllerReference` and
 * `SetOwnerReference`): the owner's apiVersion, kind, name and uid on the object, so that
 * `owns()` maps events back and the garbage collector deletes the object with its owner.
 * Both modify `object` in place (pass a copy of a cached object) and never drop others' references.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';
import type { KubernetesObject, OwnerReference } from '../api/object.js';
import { parseApiVersion } from '../resources/resource-type.js';

export class OwnerReferenceError extends OperantError {
  constructor(message: string) {
    super('Invalid', message);
    this.name = 'OwnerReferenceError';
  }
}

const describe = (obj: KubernetesObject): string =>
  `${obj.kind ?? 'object'} ${obj.metadata?.namespace ? `${obj.metadata.namespace}/` : ''}${obj.metadata?.name ?? ''}`;

function referenceTo(owner: KubernetesObject, object: KubernetesObject, action: string): OwnerReference {
  const { apiVersion, kind, metadata } = owner;
  if (!apiVersion || !kind || !metadata?.name || !metadata.uid) {
    throw new OwnerReferenceError(
      `unable to ${action} on ${describe(object)}: the owner ${describe(owner)} needs apiVersion, kind, metadata.name and metadata.uid`,
    );
  }
  const ownerNamespace = metadata.namespace ?? '';
  const objectNamespace = object.metadata?.namespace ?? '';
  if (ownerNamespace !== '' && ownerNamespace !== objectNamespace) {
    throw new OwnerReferenceError(
      `unable to ${action} on ${describe(object)}: cross-namespace owner references are not allowed (owner ${describe(owner)})`,
    );
  }
  return { apiVersion, kind, name: metadata.name, uid: metadata.uid };
}

const sameOwner = (a: OwnerReference, b: OwnerReference): boolean =>
  a.kind === b.kind && a.name === b.name && parseApiVersion(a.apiVersion).group === parseApiVersion(b.apiVersion).group;

function upsert(object: KubernetesObject, ref: OwnerReference): void {
  object.metadata ??= {};
  const refs = object.metadata.ownerReferences ?? [];
  const index = refs.findIndex((r) => sameOwner(r, ref));
  object.metadata.ownerReferences = index < 0 ? [...refs, ref] : refs.map((r, i) => (i === index ? ref : r));
}

/** Adds (or updates) a non-controller owner reference to `owner`. */
export function setOwnerReference(owner: KubernetesObject, object: KubernetesObject): void {
  upsert(object, referenceTo(owner, object, 'set an owner reference'));
}

/**
 * Makes `owner` the controller of `object` (`controller: true`, `blockOwnerDeletion: true`).
 * Fails if another object already controls it.
 */
export function setControllerReference(owner: KubernetesObject, object: KubernetesObject): void {
  const ref: OwnerReference = {
    ...referenceTo(owner, object, 'set a controller reference'),
    controller: true,
    blockOwnerDeletion: true,
  };
  const existing = object.metadata?.ownerReferences?.find((r) => r.controller === true);
  if (existing !== undefined && !sameOwner(existing, ref)) {
    throw new OwnerReferenceError(
      `unable to set a controller reference on ${describe(object)}: it is already controlled by ${existing.kind} ${existing.name}`,
    );
  }
  upsert(object, ref);
}

/** The owner reference marked `controller: true`, if any. */
export function getControllerOf(object: KubernetesObject): OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((r) => r.controller === true);
}
