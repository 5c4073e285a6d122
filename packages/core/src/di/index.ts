/**
 * Starting an application from decorated classes, beyond the package root's
 * `OperantFactory.create(AppModule)`: `createOperator` (flat lists of classes), the options
 * of both, and the injection tokens the root does not export (`CLUSTER`, `OPERATOR_OPTIONS`).
 * @module di
 */
export { createOperator, type OperatorOptions } from './create-operator.js';
export type { OperantFactoryOptions } from './operant-factory.js';
export { CLUSTER, OPERATOR_OPTIONS } from './tokens.js';
