/**
 * Where the runtime's KubeConfig comes from when none is given: an explicit file, else
 * client-node's default chain (`KUBECONFIG`, in-cluster service account, `~/.kube/config`),
 * as controller-runtime's `config.GetConfig()`.
 * @module
 */
import { KubeConfig } from '@kubernetes/client-node';

export { KubeConfig };

export function loadKubeConfig(path?: string): KubeConfig {
  const kc = new KubeConfig();
  if (path) kc.loadFromFile(path);
  else kc.loadFromDefault();
  return kc;
}
