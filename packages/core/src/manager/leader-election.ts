/**
 * The manager's own leader election (`leaderElection: true`): a `LeaseElector` on the Lease
 * `leaderElectionID` in `leaderElectionNamespace` (default: the pod's), which sets
 * `leader_election_master_status` on the manager's registry. A `leaderElector` option replaces it.
 * @module
 */

import type { Logger } from '../api/logger.js';
import { ApiClient } from '../client/api-client.js';
import type { RestClient } from '../client/rest.js';
import type { LeaderElector } from '../leaderelection/leader-elector.js';
import { LeaseElector } from '../leaderelection/lease-elector.js';
import { leaderElectionMetrics } from '../leaderelection/metrics.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { ManagerError } from './errors.js';
import { inClusterNamespace, type ManagerOptions, namespaceFile } from './options.js';

/** What the elector takes from its manager. */
export interface LeaseElectorWiring {
  /** The wire of Lease renewals, made on first use. */
  leaseRest: () => RestClient;
  registry: ResourceRegistry;
  metrics: MetricsRegistry;
  logger: Logger;
}

/** The elector `options` ask for; undefined without `leaderElection`. Throws when the Lease has no name or namespace. */
export function newLeaseElector(options: ManagerOptions, wiring: LeaseElectorWiring): LeaderElector | undefined {
  if (!options.leaderElection) return undefined;
  const name = options.leaderElectionID;
  if (!name) throw new ManagerError('unable to set up leader election: leaderElectionID is required');
  const namespace = options.leaderElectionNamespace ?? inClusterNamespace();
  if (namespace === undefined) {
    throw new ManagerError(
      `unable to start leader election: no namespace for the Lease ${name} (not in a cluster: no ${namespaceFile}); ` +
        'set --leader-election-namespace (leaderElectionNamespace)',
    );
  }
  const status = leaderElectionMetrics(wiring.metrics);
  status(name, false);
  return new LeaseElector({
    client: new ApiClient({ rest: wiring.leaseRest(), registry: wiring.registry, fieldOwner: options.fieldOwner }),
    namespace,
    name,
    leaseDurationMs: options.leaseDurationMs,
    renewDeadlineMs: options.renewDeadlineMs,
    retryPeriodMs: options.retryPeriodMs,
    releaseOnCancel: options.leaderElectionReleaseOnCancel,
    logger: wiring.logger.child({ component: 'leader-election' }),
    onLeading: (leading) => status(name, leading),
  });
}
