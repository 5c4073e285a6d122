/**
 * Contracts and types every runtime folder shares, for users who name them: Kubernetes
 * objects' metadata (`ObjectMeta`, `OwnerReference`), lists (`KubernetesList`) and `deepCopy`, `Runnable` (what
 * `manager.add()` runs; a class may add `needsLeaderElection()` and `warmup(signal)`),
 * `reconcilerFunc`, times as the wire carries them (`Time`, `Wire<T>`,
 * `parseTime`, `formatTime`), `nodeVersionProblem()` (what a script says on a Node.js older
 * than Operant needs), and the two big contracts the builder, the wiring and the test
 * harness depend on: `Cluster` and `Manager`. The reconcile contract itself (`Request`,
 * `Result`, `Reconciler`, `TerminalError`, …) is exported by the package root; the event
 * handler, predicate and source contracts by `/handler`, the root's `predicate` and `/source`.
 * @module api
 */

export type { Cluster, ClusterCache } from './cluster.js';
export type { Manager } from './manager.js';
export { nodeVersionProblem } from './node-version.js';
export { deepCopy, type KubernetesList, type ObjectMeta, type OwnerReference } from './object.js';
export { reconcilerFunc } from './reconciler.js';
export { type Runnable, runnableFunc } from './runnable.js';
export { formatMicroTime, formatTime, parseTime, type Time, type Wire } from './time.js';
