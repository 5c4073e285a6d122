/**
 * Injection tokens for what the container provides besides classes (which are their own
 * tokens: `Cache`, `KubeConfig`): interfaces have no runtime value, so they get symbols.
 * Use them with `@Inject(CLIENT)`, `@Inject(MANAGER)`.
 * @module
 */
export const CLIENT: unique symbol = Symbol.for('@operant/core/Client');
export const LOGGER: unique symbol = Symbol.for('@operant/core/Logger');
export const OPERATOR_OPTIONS: unique symbol = Symbol.for('@operant/core/OperatorOptions');
/** The manager's EventRecorder (reporting controller `operant`). */
export const EVENT_RECORDER: unique symbol = Symbol.for('@operant/core/EventRecorder');
/** The application's `Manager` (not bound by @operant/testing's reconcile harness, which is only a `Cluster`). */
export const MANAGER: unique symbol = Symbol.for('@operant/core/Manager');
/** The application's `Cluster`: its Manager, or the reconcile harness in a test. */
export const CLUSTER: unique symbol = Symbol.for('@operant/core/Cluster');
