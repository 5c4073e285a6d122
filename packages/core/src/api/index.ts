/**
 * Contracts and types every runtime folder shares, for users who name them: Kubernetes
 * objects' metadata (`ObjectMeta`, `OwnerReference`), lists (`KubernetesList`) and `deepCopy`, `Runnable` (what
 * `manager.add()` runs; a class may add `needsLeaderElection()` and `warmup(signal)`),
 * `reconcilerFunc`, times as the wire carries them (`Time`, `Wire<T>`,
 * `parseTime`, `formatTime`), and `nodeVersionProblem()` (what a script says on a Node.js
 * older than Operant needs). The folder imports nothing from the folders that implement
 * these; `Cluster` and `Manager`, which aggregate them, are `@operant/core/manager`. The reconcile contract itself (`Request`,
 * `Result`, `Reconciler`, `TerminalError`, …) is exported by the package root; the event
 * handler, predicate and source contracts by `/handler`, the root's `predicate` and `/source`.
 * @module api
 */

export { nodeVersionProblem } from './node-version.js';
export { deepCopy, type KubernetesList, type ObjectMeta, type OwnerReference } from './object.js';
export { reconcilerFunc } from './reconciler.js';
export { type Runnable, runnableFunc } from './runnable.js';
export { formatMicroTime, formatTime, parseTime, type Time, type Wire } from './time.js';
