/**
 * Contracts and types every runtime folder shares: Kubernetes objects and keys, the Logger,
 * and the small controller contracts — `Request`, `Result`, `Reconciler`, `TerminalError`,
 * events, `Predicate`, `EventHandler`, `Source`, `Runnable` — with function adapters; times as
 * the wire carries them (`Time`, `Wire<T>`, `parseTime`). It imports nothing from the folders
 * that implement them; `Cluster` and `Manager`, which aggregate those folders, live in
 * `manager/` (`@operant/core/manager`).
 * @module api
 */

export type { EventHandler, RequestQueue } from './event-handler.js';
export type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events.js';
export type { LogFields, Logger } from './logger.js';
export { MINIMUM_NODE_VERSION, nodeVersionProblem } from './node-version.js';
export {
  deepCopy,
  type KubernetesList,
  type KubernetesObject,
  type ObjectKey,
  type ObjectMeta,
  type OwnerReference,
  objectKey,
} from './object.js';
export type { Predicate } from './predicate.js';
export { type ReconcileContext, type ReconcileFunc, type Reconciler, reconcilerFunc } from './reconciler.js';
export { type Request, requestFor, requestFromKey, requestKey } from './request.js';
export { done, type Result, requeue, requeueAfter } from './result.js';
export {
  isWarmupRunnable,
  type LeaderElectionRunnable,
  needsLeaderElection,
  type Runnable,
  runnableFunc,
  type WarmupRunnable,
} from './runnable.js';
export type { ShardAdmission, ShardGate } from './shard-gate.js';
export type { Source } from './source.js';
export { isTerminalError, TerminalError } from './terminal-error.js';
export {
  formatMicroTime,
  formatTime,
  type MicroTime,
  parseTime,
  type Time,
  type Wire,
  type WireValue,
} from './time.js';
