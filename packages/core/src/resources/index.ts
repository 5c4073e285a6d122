/**
 * Resource types: class or descriptor → group/version/kind/plural/scope.
 *
 * - Kind tokens for the built-in kinds (`Deployment`, `ConfigMap`, …) are `@operant/core/kinds`
 *   (`kinds.ts`), typed by client-node's interfaces without loading its model classes.
 * - `ResourceRegistry`: built-in kinds (tokens, and client-node models by name),
 *   `register(Class, info)`, resolvers.
 * - `resourceType({...})`: a descriptor for a kind without a class.
 * - `Discovery`: `apiVersion` + `kind` → coordinates, asked of the API server.
 * - `crdResolver(read)`: the adapter for `@operant/crd` classes.
 * @module resources
 */
export { builtinKinds, supportsStrategicMerge } from './builtins.js';
export { type CustomResourceCoordinates, crdResolver } from './crd-adapter.js';
export { Discovery, type GetJson } from './discovery.js';
export { ResourceRegistry } from './registry.js';
export type { ResourceResolver } from './resolver.js';
export {
  apiVersionOf,
  gvkString,
  isResourceDescriptor,
  type ObjectClass,
  type ObjectOf,
  parseApiVersion,
  type ResourceDescriptor,
  type ResourceInfo,
  type ResourceType,
  resourceType,
} from './resource-type.js';
