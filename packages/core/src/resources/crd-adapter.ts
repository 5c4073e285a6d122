/**
 * The single coupling point between the registry and `@operant/crd`: a `ResourceResolver`
 * that reads a CRD class's group/version/kind/plural/scope from the metadata `@operant/crd`
 * records. Every `ResourceRegistry` adds `crdResolver(resourceCoordinates)` from
 * `@operant/crd`; other readers can be passed in for classes described some other way.
 * @module
 */
import type { ResourceCoordinates } from '@operant/crd/metadata';
import type { ResourceResolver } from './resolver.js';
import type { ObjectClass, ResourceInfo } from './resource-type.js';

// what a CRD class's metadata must provide (`scope` follows the CRD's `spec.scope`): @operant/crd's
export type { ResourceCoordinates as CustomResourceCoordinates };

/** A resolver that asks `read` (e.g. `@operant/crd`'s metadata reader) for a class's coordinates. */
export function crdResolver(read: (type: ObjectClass) => ResourceCoordinates | undefined): ResourceResolver {
  return (type) => {
    const meta = read(type);
    if (meta === undefined) return undefined;
    const info: ResourceInfo = {
      group: meta.group,
      version: meta.version,
      kind: meta.kind,
      plural: meta.plural,
      namespaced: meta.scope === 'Namespaced',
    };
    return info;
  };
}
