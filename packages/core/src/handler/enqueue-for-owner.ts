/**
 * `enqueueRequestForOwner(owner, { onlyController })`: reconcile the owners of the object the
 * event is about, found in its `ownerReferences` by group and kind (the version is ignored,
 * as in controller-runtime). What `owns()` uses, with `onlyController: true`.
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { Request } from '../api/request.js';
import { parseApiVersion, type ResourceInfo } from '../resources/resource-type.js';
import { namedHandler } from '../trace/handler-name.js';
import { handlerFromMapper } from './enqueue-unique.js';

export interface OwnerOptions {
  /** Only the owner reference marked `controller: true`. Default false. */
  onlyController?: boolean;
}

export type OwnerKind = Pick<ResourceInfo, 'group' | 'kind' | 'namespaced'>;

export function ownerRequests(owner: OwnerKind, obj: KubernetesObject, options: OwnerOptions = {}): Request[] {
  const requests: Request[] = [];
  for (const ref of obj.metadata?.ownerReferences ?? []) {
    if (ref.kind !== owner.kind || parseApiVersion(ref.apiVersion).group !== owner.group) continue;
    if (options.onlyController && ref.controller !== true) continue;
    requests.push({ namespace: owner.namespaced ? (obj.metadata?.namespace ?? '') : '', name: ref.name });
  }
  return requests;
}

export function enqueueRequestForOwner<T extends KubernetesObject = KubernetesObject>(
  owner: OwnerKind,
  options: OwnerOptions = {},
): EventHandler<T> {
  return namedHandler(
    handlerFromMapper<T>((obj) => ownerRequests(owner, obj, options)),
    `enqueueRequestForOwner ${owner.kind}`,
  );
}
