/**
 * `ResourceResolver`, the contract between the registry and what describes classes it was
 * not told about: client-node's models of the built-in kinds (`clientNodeResolver`) and
 * `@operant/crd` classes (`crdResolver`). A resolver answers a class's `ResourceInfo`, or
 * undefined when the class is not its kind.
 * @module
 */
import type { ObjectClass, ResourceInfo } from './resource-type.js';

/** Answers `ResourceInfo` for classes the registry was not told about, or undefined. */
export type ResourceResolver = (type: ObjectClass) => ResourceInfo | undefined;
