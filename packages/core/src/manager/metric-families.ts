/**
 * The families a manager's registry holds from its construction, as controller-runtime's
 * packages register theirs when they are imported: the controller's and the workqueue's
 * (their series appear when a controller starts), the REST client's (counting the manager's
 * wire from now on) and leader election's. Each subsystem registers its own; a later
 * registration (the builder's, per controller) shares them. The shard families come with
 * `sharding` (`sharding/metrics.ts`).
 * @module
 */
import type { RestClient } from '../client/rest.js';
import { observeRestClient } from '../client/rest-metrics.js';
import { controllerMetrics } from '../controller/reconcile-metrics.js';
import { workqueueMetrics } from '../controller/workqueue-metrics.js';
import { leaderElectionMetrics } from '../leaderelection/metrics.js';
import type { MetricsRegistry } from '../metrics/registry.js';

/** Registers the manager's families on `registry` and counts the requests of `rest`. */
export function registerManagerMetrics(registry: MetricsRegistry, rest: RestClient): void {
  controllerMetrics(registry);
  workqueueMetrics(registry);
  observeRestClient(registry, rest);
  leaderElectionMetrics(registry);
}
