/**
 * The coordinates of a `@CustomResource` class (group, version, kind, plural, scope), with
 * the same defaults `buildCrd` uses, for the runtime's resource registry
 * (`@operant/core` wires it as a resolver, so CRD classes work as `for`/`owns` kinds).
 * @module
 */
import { getResourceMetadata } from '../metadata/storage.js';
import type { AnyClass } from '../metadata/types.js';
import { resourceNames } from './names.js';

export interface ResourceCoordinates {
  group: string;
  version: string;
  kind: string;
  plural: string;
  scope: 'Namespaced' | 'Cluster';
}

export function resourceCoordinates(type: AnyClass): ResourceCoordinates | undefined {
  const options = getResourceMetadata(type)?.options;
  if (options === undefined) return undefined;
  return {
    group: options.group,
    version: options.version,
    kind: options.kind,
    plural: resourceNames(options).plural,
    scope: options.scope,
  };
}
