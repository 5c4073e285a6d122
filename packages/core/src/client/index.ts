/**
 * The client: reads and writes Kubernetes objects.
 *
 * - `newClient({ kubeConfig, cache, readLive })`: cached reads, direct writes (the manager's client).
 * - `ApiClient`: every call live (the API reader).
 * - Patches: `mergePatch`, `mergeFrom`, `jsonPatch`, `strategicMergePatch`; `client.apply()` for SSA,
 *   typed by `ApplyConfiguration<T>` (`applyConfiguration(Kind, …)` builds one).
 * - `withFieldOwner(client, owner)`: a client whose writes name `owner` as field manager.
 * - Errors: `ClientError` with a `kind`, `isNotFound`, `isConflict`, `ignoreNotFound`, …
 * - `RestClient`: the signed wire, shared by clients and caches.
 * @module client
 */

// metav1.Status, declared in api/ (the webhooks' responses carry it too)
export type { Status, StatusCause } from '../api/status.js';
// the errors are declared in api/ too, for every folder that tests an API error
export {
  ClientError,
  type ClientErrorKind,
  ignoreAlreadyExists,
  ignoreNotFound,
  isAlreadyExists,
  isConflict,
  isForbidden,
  isGone,
  isInvalid,
  isNotCached,
  isNotFound,
  isTimeout,
  isUnknownKind,
  kindOfStatus,
  // required by @operant/testing's fake client: its errors are built as the REST client builds them
  statusError,
} from '../api/status-error.js';
export { ApiClient, type ApiClientOptions, DEFAULT_PAGE_SIZE } from './api-client.js';
export {
  type ApplyConfiguration,
  type ApplyFields,
  type ApplyMetadata,
  applyConfiguration,
  type DeepPartial,
} from './apply-configuration.js';
export { type ClientOptions, newClient, notCachedError } from './client.js';
export { loadKubeConfig } from './config.js';
export { withFieldOwner } from './field-owner.js';
export type {
  ApplyOptions,
  CacheReader,
  CallOptions,
  Client,
  CreateOptions,
  DeleteAllOfOptions,
  DeleteOptions,
  GetOptions,
  ListOptions,
  PatchOptions,
  Reader,
  StatusWriter,
  UpdateOptions,
  Writer,
} from './interfaces.js';
export {
  type ExecConfig,
  type KubeCluster,
  KubeConfig,
  type KubeConfigSource,
  type KubeContext,
  type KubeUser,
} from './kubeconfig.js';
export {
  type JsonPatchOperation,
  jsonPatch,
  type MergeFromOptions,
  mergeFrom,
  mergePatch,
  type Patch,
  type PatchType,
  strategicMergePatch,
} from './patch.js';
export { describeObject, resourcePath } from './paths.js';
export {
  type RequestObserver,
  type ResponseObserver,
  RestClient,
  type RestClientOptions,
  type RestRequest,
  type RestResponse,
  type RestWire,
  type WaitObserver,
} from './rest.js';
export {
  compileFieldSelector,
  compileLabelSelector,
  type FieldSelector,
  fieldSelectorString,
  fieldValue,
  type LabelSelector,
  type LabelSelectorRequirement,
  labelSelectorString,
} from './selectors.js';
export { type RateLimiter, tokenBucketRateLimiter } from './transport/rate-limiter.js';
export type { RetryAfter } from './transport/retry-after.js';
export { closeTransports, type TransportOptions } from './transport/transport.js';
