/**
 * `@operant/core/internal`: the runtime's parts that Operant's own packages build on and
 * users do not — @operant/testing's fake client and reconcile harness (which stand in for
 * the client, the cache and the controller through the same code the runtime runs) and
 * @operant/cli's generators (which read the decorators' metadata and the webhooks' routes).
 * Nothing here is a promise to users: names come and go with those packages' needs.
 * @module internal
 */

// object and request keys
export { objectKey } from './api/object.js';
export { requestFromKey, requestKey } from './api/request.js';
export { statusError } from './api/status-error.js';
// the harness's builder records what a built controller would watch
export { ControllerInputs } from './builder/controller-inputs.js';
// the fake client's tracker keeps objects as the cache does; its informers are the cache's
export { Store } from './cache/store.js';
export { deepFreeze } from './cache/transform.js';
// the fake client's errors, selectors and messages are the REST client's
export { notCachedError } from './client/client.js';
export { describeObject } from './client/paths.js';
export { compileFieldSelector, compileLabelSelector, fieldSelectorString, fieldValue } from './client/selectors.js';
// the harness steps controllers through the controller's queue and outcome table
export { applyOutcome, decideOutcome } from './controller/outcome.js';
export { newControllerQueue } from './controller/queue.js';
export { getControllerMetadata, getWebhookMetadata } from './decorators/metadata/storage.js';
// decorated classes reach the harness and the generators through the runtime's scanner and wiring
export { createContainer } from './di/container.js';
export { flattenModule } from './di/create-operator.js';
export { ScanError } from './di/errors.js';
export { scanControllers } from './di/scan-controller.js';
export { wireControllerInto } from './di/wire-controller.js';
// kinds as the registry resolves them
export { builtinKinds, supportsStrategicMerge } from './resources/builtins.js';
export { ResourceRegistry } from './resources/registry.js';
export { apiVersionOf, gvkString, type ObjectClass, type ResourceInfo } from './resources/resource-type.js';
// the webhook generator writes the routes the webhook server serves
export { CONVERT_PATH, webhookName } from './webhook/paths.js';
