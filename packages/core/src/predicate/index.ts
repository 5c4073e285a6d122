/**
 * Predicates filter events before event handlers see them.
 *
 * - `generationChanged()`, `resourceVersionChanged()`, `labelChanged()`, `annotationChanged()`: update filters.
 * - `labelSelector({...})`, `namespace(...)`: filters on the object.
 * - `and(...)`, `or(...)`, `not(p)`, `funcs({...})`: building blocks.
 *
 * The package root exports them as the namespace `predicate` (`predicate.generationChanged()`).
 * @module predicate
 */

export type { Predicate } from '../api/predicate.js';
export { annotationChanged, generationChanged, labelChanged, resourceVersionChanged } from './changed.js';
export { funcs } from './funcs.js';
export { and, not, or } from './logic.js';
export { labelSelector, namespace } from './object-filters.js';
