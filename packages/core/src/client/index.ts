/**
 * The client: reads and writes Kubernetes objects.
 *
 * - `newClient({ kubeConfig, cache, readLive })`: cached reads, direct writes (the manager's client).
 * - `ApiClient`: every call live (the API reader); `Reader` and the options of each call,
 *   for code that wraps or stands in for a client.
 * - Patches: `mergePatch`, `mergeFrom`, `jsonPatch`, `strategicMergePatch`; `client.apply()` for SSA,
 *   typed by `ApplyConfiguration<T>` (`applyConfiguration(Kind, …)` builds one).
 * - `withFieldOwner(client, owner)`: a client whose writes name `owner` as field manager.
 * - Errors: `ClientError` with a `kind` (`ClientErrorKind`: `'forbidden'`, `'invalid'`,
 *   `'timeout'`, …); the everyday tests (`isNotFound`, `isConflict`, `ignoreNotFound`, …) and the
 *   `Client` contract are exported by the package root.
 * - `loadKubeConfig(path)`, `KubeConfig`, and `KubeConfigSource` (what the manager's
 *   `kubeConfig` option takes: ours or client-node's): where to connect, and as whom.
 * @module client
 */

// metav1.Status, declared in api/ (the webhooks' responses carry it too)
export type { Status } from '../api/status.js';
// the errors are declared in api/, for every folder that tests an API error
export { ClientError, type ClientErrorKind } from '../api/status-error.js';
export { ApiClient } from './api-client.js';
export { type ApplyConfiguration, applyConfiguration } from './apply-configuration.js';
export { type ClientOptions, newClient } from './client.js';
export { loadKubeConfig } from './config.js';
export { withFieldOwner } from './field-owner.js';
export type {
  ApplyOptions,
  CreateOptions,
  DeleteAllOfOptions,
  DeleteOptions,
  GetOptions,
  ListOptions,
  PatchOptions,
  Reader,
  UpdateOptions,
} from './interfaces.js';
export { KubeConfig, type KubeConfigSource } from './kubeconfig.js';
export { jsonPatch, mergeFrom, mergePatch, type Patch, strategicMergePatch } from './patch.js';
export type { LabelSelector } from './selectors.js';
