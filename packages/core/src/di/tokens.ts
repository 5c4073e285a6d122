/**
 * Injection tokens for what the container provides besides classes (which are their own
 * tokens: `Manager`, `Cache`, `KubeConfig`): interfaces have no runtime value, so they get
 * symbols. Use them with inversify's `@inject(CLIENT)`.
 * @module
 */
export const CLIENT: unique symbol = Symbol.for('@operant/core/Client');
export const LOGGER: unique symbol = Symbol.for('@operant/core/Logger');
export const OPERATOR_OPTIONS: unique symbol = Symbol.for('@operant/core/OperatorOptions');
/** The manager's EventRecorder (reporting controller `operant`). */
export const EVENT_RECORDER: unique symbol = Symbol.for('@operant/core/EventRecorder');
