/**
 * Leader election on a Lease (`LeaseElector`), plugged into the Manager with
 * `leaderElection: true` and `leaderElectionID`.
 * @module leaderelection
 */
export { LeaseElector, type LeaseElectorOptions } from './lease-elector.js';
