/**
 * envtest: a real etcd + kube-apiserver (+ kube-controller-manager) for integration tests,
 * compatible with controller-runtime's envtest environment variables and binary layout.
 * @module envtest
 */
export { DEFAULT_FEATURE_GATES } from './api-server.js';
export {
  assetEnvName,
  type BinaryLookupOptions,
  type BinaryName,
  defaultAssetsDirectory,
  ENVTEST_KUBERNETES_VERSION,
  resolveBinaries,
} from './binaries.js';
export { DEFAULT_CONTROLLERS } from './controllers.js';
export { type CrdInstallOptions, installCrds, readCrds, uninstallCrds } from './crds.js';
export { Environment, type EnvtestUser, startControlPlane } from './environment.js';
export type { ControllerManagerOptions, EnvironmentOptions } from './environment-options.js';
export { EnvtestError, type EnvtestErrorKind } from './errors.js';
export type { Flags, FlagValue } from './flags.js';
export { type WebhookConfiguration, WebhookInstall, type WebhookInstallOptions } from './webhooks.js';
