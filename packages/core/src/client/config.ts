/**
 * Where the runtime's KubeConfig comes from when none is given: an explicit file, else
 * client-go's default chain (`KUBECONFIG`, in-cluster service account, `~/.kube/config`),
 * as controller-runtime's `config.GetConfig()`. The KubeConfig is Operant's own
 * (`kubeconfig.ts`): loading it does not load `@kubernetes/client-node`, whose `KubeConfig`
 * instances the runtime also accepts.
 * @module
 */
import { KubeConfig } from './kubeconfig.js';

export { KubeConfig };

export function loadKubeConfig(path?: string): KubeConfig {
  const kc = new KubeConfig();
  if (path) kc.loadFromFile(path);
  else kc.loadFromDefault();
  return kc;
}
