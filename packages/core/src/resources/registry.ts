/**
 * `ResourceRegistry` resolves a `ResourceType` (class or descriptor) to its `ResourceInfo`,
 * and an `apiVersion` + `kind` back to it. It starts with the built-in kinds (their tokens,
 * and client-node's model classes, resolved by name); classes are added with
 * `register(Class, info)`, and resolvers (such as the `@operant/crd` adapter) answer for
 * classes that carry their own metadata. Each registry is an ordinary object: tests make
 * their own instead of sharing a global one.
 * @module
 */

import { resourceCoordinates } from '@operant/crd/metadata';
import type { KubernetesObject } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import { builtinKinds, clientNodeResolver } from './builtins.js';
import { crdResolver } from './crd-adapter.js';
import type { ResourceResolver } from './resolver.js';
import {
  isResourceDescriptor,
  type ObjectClass,
  parseApiVersion,
  type ResourceInfo,
  type ResourceType,
} from './resource-type.js';

export class ResourceRegistry {
  private readonly classes = new Map<ObjectClass, ResourceInfo>();
  private readonly byGvk = new Map<string, ResourceInfo>();
  /** What `lookup` found, by apiVersion and kind (cleared when a registration changes an entry). */
  private readonly byApiVersion = new Map<string, Map<string, ResourceInfo>>();
  private readonly resolvers: ResourceResolver[] = [];

  /** A registry that knows the built-in kinds (pass `false` for an empty one) and `@CustomResource` classes. */
  constructor(builtins = true) {
    if (builtins) {
      for (const info of builtinKinds) this.byGvk.set(gvkKey(info.group, info.version, info.kind), info);
      this.addResolver(clientNodeResolver);
    }
    // `@CustomResource` classes of @operant/crd resolve themselves
    this.addResolver(crdResolver(resourceCoordinates));
  }

  /** Records the coordinates of a class. Re-registering the same class replaces its entry. */
  register<T extends KubernetesObject>(type: ObjectClass<T>, info: ResourceInfo): this {
    const frozen = Object.isFrozen(info) ? info : Object.freeze({ ...info });
    this.classes.set(type, frozen);
    this.byGvk.set(gvkKey(info.group, info.version, info.kind), frozen);
    this.byApiVersion.clear();
    return this;
  }

  /** Adds a resolver consulted, in order, for classes not registered explicitly. */
  addResolver(resolver: ResourceResolver): this {
    this.resolvers.push(resolver);
    return this;
  }

  /** The coordinates of a type; throws `unknownKind` when nothing knows the class. */
  resolve(type: ResourceType): ResourceInfo {
    const info = this.tryResolve(type);
    if (info === undefined) {
      const name = typeof type === 'function' ? type.name : String(type);
      throw new ClientError(
        'unknownKind',
        `unable to resolve the kind of ${name || 'an anonymous class'}: register it or use resourceType()`,
      );
    }
    return info;
  }

  /** Like `resolve`, but undefined for unknown types. */
  tryResolve(type: ResourceType): ResourceInfo | undefined {
    if (isResourceDescriptor(type)) return type;
    const known = this.classes.get(type);
    if (known !== undefined) return known;
    for (const resolver of this.resolvers) {
      const info = resolver(type);
      if (info !== undefined) {
        this.register(type, info);
        return this.classes.get(type);
      }
    }
    return undefined;
  }

  /** The registered kind for an `apiVersion` and `kind`, or undefined (see `Discovery` for the rest). */
  lookup(apiVersion: string, kind: string): ResourceInfo | undefined {
    // every write of a plain object (an apply configuration) looks its kind up: by the two
    // strings it carries, without splitting or joining them
    const found = this.byApiVersion.get(apiVersion)?.get(kind);
    if (found !== undefined) return found;
    const { group, version } = parseApiVersion(apiVersion);
    const info = this.byGvk.get(gvkKey(group, version, kind));
    if (info !== undefined) {
      const kinds = this.byApiVersion.get(apiVersion) ?? new Map<string, ResourceInfo>();
      this.byApiVersion.set(apiVersion, kinds.set(kind, info));
    }
    return info;
  }
}

function gvkKey(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}
