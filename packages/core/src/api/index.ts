/**
 * Contracts and types every runtime folder shares: Kubernetes objects and keys, the Logger.
 * @module api
 */

export { type LogFields, type Logger, noopLogger } from './logger.js';
export {
  deepCopy,
  type KubernetesList,
  type KubernetesObject,
  type ObjectKey,
  type ObjectMeta,
  type OwnerReference,
  objectKey,
} from './object.js';
