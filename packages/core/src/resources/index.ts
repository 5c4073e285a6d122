/**
 * Resource types: class or descriptor → group/version/kind/plural/scope.
 *
 * - Kind tokens for the built-in kinds (`Deployment`, `ConfigMap`, …) are `@operant/core/kinds`
 *   (`kinds.ts`), typed by client-node's interfaces without loading its model classes.
 * - `resourceType({...})`: a descriptor (`ResourceDescriptor`) for a kind without a class;
 *   `ResourceType` is what every API that takes a kind accepts (a class, a token or a descriptor).
 * @module resources
 */
export { type ResourceDescriptor, type ResourceType, resourceType } from './resource-type.js';
