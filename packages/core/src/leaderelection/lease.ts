/**
 * A `coordination.k8s.io/v1` Lease as leader election and shard membership write it: times
 * as `metav1.MicroTime` strings (`api/time.ts`), not the `Date`s of client-node's
 * `V1Lease`, which the API server refuses (it wants six fractional digits).
 * @module
 */
import type { MicroTime } from '../api/time.js';
import { resourceType } from '../resources/resource-type.js';

export interface Lease {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: MicroTime;
    renewTime?: MicroTime;
    leaseTransitions?: number;
  };
}

export const LeaseType = resourceType<Lease>({
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  plural: 'leases',
  namespaced: true,
});
