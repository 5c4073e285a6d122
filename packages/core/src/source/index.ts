/**
 * Sources of events for controllers.
 *
 * - `kind(cache, Type, handler, ...predicates)`: watch events of one kind from the shared cache.
 * - `channel(asyncIterable | emitter, handler, ...predicates)`: generic events from outside the cluster.
 * @module source
 */

export type { Source } from '../api/source.js';
export { type ChannelInput, channel } from './channel.js';
export { type InformerSource, kind } from './kind.js';
