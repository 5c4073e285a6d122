/**
 * Where events come from (controller-runtime's `source.Source`): `start` registers with the
 * origin (an informer, a channel) and resolves once registered, delivering events to the
 * queue until `signal` aborts. A source backed by a cache also says when it has synced;
 * a controller's workers start only after every such source has.
 * @module
 */
import type { RequestQueue } from './event-handler.js';
import type { Logger } from './logger.js';

export interface Source {
  /** `log` (the controller's) receives handler and predicate errors. */
  start(signal: AbortSignal, queue: RequestQueue, log?: Logger): Promise<void>;
  /** Resolves once the source's initial state has been delivered; rejects if `signal` aborts first. */
  waitForSync?(signal: AbortSignal): Promise<void>;
  /** For logs: `kind source: ConfigMap`, `channel source`. */
  toString(): string;
}
