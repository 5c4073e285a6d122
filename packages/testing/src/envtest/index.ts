/**
 * envtest: a real etcd + kube-apiserver (+ kube-controller-manager) for integration tests,
 * compatible with controller-runtime's envtest environment variables and binary layout.
 * @module envtest
 */
export { DEFAULT_FEATURE_GATES } from './api-server.js';
export { DEFAULT_CONTROLLERS } from './controllers.js';
export { type CrdInstallOptions, installCrds, uninstallCrds } from './crds.js';
export { Environment, startControlPlane } from './environment.js';
export type { EnvironmentOptions } from './environment-options.js';
export { EnvtestError } from './errors.js';
export { WebhookInstall, type WebhookInstallOptions } from './webhooks.js';
