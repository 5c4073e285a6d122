/**
 * `@operant/core`: the runtime (client, cache, workqueue, controllers, manager) and the
 * decorators that drive it. The folders arrive with the runtime issues; this is the package's face.
 * @module
 */
export const CORE_PACKAGE = '@operant/core';
