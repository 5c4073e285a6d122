/**
 * How jest's global setup hands its control plane to test workers: through environment
 * variables, which workers inherit. One module owns the variable names.
 * @module
 */
import { KubeConfig } from '@kubernetes/client-node';

/** Path of the shared control plane's admin kubeconfig file. */
export const KUBECONFIG_VAR = 'OPERANT_ENVTEST_KUBECONFIG';
/** Set instead when the control plane was skipped; holds the reason. */
export const SKIP_VAR = 'OPERANT_ENVTEST_SKIP';

/** The reason integration suites are skipped, or undefined when a control plane is available. */
export function controlPlaneSkipReason(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env[SKIP_VAR]) return env[SKIP_VAR];
  if (!env[KUBECONFIG_VAR]) return `no shared control plane (${KUBECONFIG_VAR} is unset): is globalSetup configured?`;
  return undefined;
}

/** The admin KubeConfig of the control plane started by the global setup. */
export function sharedKubeConfig(env: NodeJS.ProcessEnv = process.env): KubeConfig {
  const path = env[KUBECONFIG_VAR];
  if (!path) throw new Error(`unable to load the shared control plane: ${controlPlaneSkipReason(env)}`);
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  return kc;
}
