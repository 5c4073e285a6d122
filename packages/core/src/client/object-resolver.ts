/**
 * Finds the kind of an object passed to a write: its class when the class is registered,
 * else its `apiVersion` + `kind` in the registry, else discovery. Writes send `apiVersion`
 * and `kind` filled in from what was found.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import type { Discovery } from '../resources/discovery.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { apiVersionOf, type ObjectClass, type ResourceInfo } from '../resources/resource-type.js';

export class ObjectResolver {
  constructor(
    readonly registry: ResourceRegistry,
    private readonly discovery: Discovery,
  ) {}

  async resolve(obj: KubernetesObject, action: string, signal?: AbortSignal): Promise<ResourceInfo> {
    const ctor = (obj as object).constructor as ObjectClass | undefined;
    if (ctor !== undefined && ctor !== Object) {
      const byClass = this.registry.tryResolve(ctor);
      if (byClass !== undefined) return byClass;
    }
    if (obj.apiVersion === undefined || obj.kind === undefined) {
      throw new ClientError(
        'unknownKind',
        `unable to ${action}: the object has no apiVersion and kind and its class is not registered`,
      );
    }
    return this.registry.lookup(obj.apiVersion, obj.kind) ?? this.discovery.resolve(obj.apiVersion, obj.kind, signal);
  }
}

/** The body to send: a plain copy with `apiVersion` and `kind` set. */
export function wireBody(obj: KubernetesObject, info: ResourceInfo): KubernetesObject {
  return { ...obj, apiVersion: apiVersionOf(info), kind: info.kind };
}
