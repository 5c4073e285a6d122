/**
 * Sources of events for controllers.
 *
 * - `kind(cache, Type, handler, ...predicates)`: watch events of one kind from the shared cache.
 * - `channel(asyncIterable | emitter, handler, ...predicates)`: generic events from outside the cluster.
 * - `Source`: the contract, for sources of one's own.
 * @module source
 */

export type { Source } from '../api/source.js';
export { channel } from './channel.js';
export { kind } from './kind.js';
