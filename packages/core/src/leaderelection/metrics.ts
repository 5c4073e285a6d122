/**
 * Leader election's Prometheus family, with controller-runtime's name (its
 * `metrics/leaderelection.go`): `leader_election_master_status{name}`, 1 while this process
 * holds the Lease `name`, 0 otherwise.
 * @module
 */
import { gauge } from '../metrics/families.js';
import type { MetricsRegistry } from '../metrics/registry.js';

/** Reports whether this process leads on the Lease `name`. */
export type LeaderStatus = (name: string, leading: boolean) => void;

/** The leader status hook on `registry` (the family registered on first call). */
export function leaderElectionMetrics(registry: MetricsRegistry): LeaderStatus {
  const status = gauge(registry, {
    name: 'leader_election_master_status',
    help: 'Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master',
    labelNames: ['name'],
  });
  return (name, leading) => status.set({ name }, leading ? 1 : 0);
}
