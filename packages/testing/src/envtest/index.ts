/**
 * envtest: a real etcd + kube-apiserver (+ kube-controller-manager) for integration tests,
 * compatible with controller-runtime's envtest environment variables and binary layout.
 * @module envtest
 */
export { DEFAULT_CONTROLLERS } from './controllers.js';
export { type CrdInstallOptions, installCrds, uninstallCrds } from './crds.js';
export {
  DEFAULT_FEATURE_GATES,
  Environment,
  type EnvironmentOptions,
  startControlPlane,
} from './environment.js';
export { EnvtestError } from './errors.js';
export { WebhookInstall, type WebhookInstallOptions } from './webhooks.js';
