/**
 * `@operant/core`: the runtime (client, cache, workqueue, controllers, manager) and the
 * decorators that drive it. Folders are exposed as namespaces (`workqueue.Workqueue`);
 * everyday names are re-exported at the root.
 * @module
 */
export * as workqueue from './workqueue/index.js';
export { Workqueue, type WorkqueueOptions } from './workqueue/index.js';
