/**
 * `Cluster`: what a controller reaches of one Kubernetes cluster (controller-runtime's
 * `cluster.Cluster`): its config, the kinds it knows, the shared cache, the client whose
 * reads go through that cache, a live reader, the logger and event recorders, and `start`.
 * The Manager is one (`interfaces.ts`); @operant/testing's reconcile harness is another, over
 * a fake client. controller-runtime's getters are properties here, as the classes have them:
 *
 * | controller-runtime                  | Operant                     |
 * | ----------------------------------- | --------------------------- |
 * | `GetConfig()`                       | `kubeConfig`                |
 * | `GetScheme()`, `GetRESTMapper()`    | `registry`                  |
 * | `GetCache()`, `GetFieldIndexer()`   | `cache` (`cache.indexField`) |
 * | `GetClient()`                       | `client`                    |
 * | `GetAPIReader()`                    | `apiReader`                 |
 * | `GetLogger()`                       | `logger`                    |
 * | `GetEventRecorderFor(name)`         | `getEventRecorderFor(name)` |
 * | `Start(ctx)`                        | `start(signal)`             |
 * @module
 */

import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { IndexExtractor } from '../cache/store.js';
import type { Client, Reader } from '../client/interfaces.js';
import type { KubeConfigSource } from '../client/kubeconfig.js';
import type { EventRecorder } from '../events/recorder.js';
import type { ResourceRegistry } from '../resources/registry.js';
import type { ResourceType } from '../resources/resource-type.js';
import type { InformerSource } from '../source/kind.js';

/**
 * A cluster's cache as controllers use it (controller-runtime's `cache.Cache`): cached reads,
 * the shared informers kind sources register on, and field indexes (its `FieldIndexer`).
 */
export interface ClusterCache extends Reader, InformerSource {
  /** Adds a field index for `list(type, { matchingFields: { [name]: value } })`. */
  indexField<T extends KubernetesObject>(type: ResourceType<T>, name: string, extract: IndexExtractor<T>): void;
}

export interface Cluster {
  /** The REST config the client and cache talk through. */
  readonly kubeConfig: KubeConfigSource;
  /** The kinds the client and cache know (controller-runtime's scheme and RESTMapper). */
  readonly registry: ResourceRegistry;
  readonly cache: ClusterCache;
  /** Reads from the cache (kinds it holds), writes to the API server. */
  readonly client: Client;
  /** Reads straight from the API server, any kind, never through the cache. */
  readonly apiReader: Reader;
  readonly logger: Logger;
  /** An EventRecorder that reports as `name`. */
  getEventRecorderFor(name: string): EventRecorder;
  /** Runs until `signal` aborts; resolves once stopped, rejects when the cluster fails. */
  start(signal: AbortSignal): Promise<void>;
}
