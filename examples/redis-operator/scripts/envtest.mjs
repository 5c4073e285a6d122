// A local control plane (etcd, kube-apiserver, kube-controller-manager) from the envtest
// binaries, for `pnpm install-crds` and `pnpm run run` without a cluster. It writes an admin
// kubeconfig to .envtest/kubeconfig and runs until Ctrl-C (SIGINT) or SIGTERM.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Environment } from '@operant/testing';

const kubeconfig = fileURLToPath(new URL('../.envtest/kubeconfig', import.meta.url));
const env = new Environment({ controllerManager: true });
await env.start();
await mkdir(fileURLToPath(new URL('../.envtest', import.meta.url)), { recursive: true });
await env.writeKubeconfig(kubeconfig);
process.stdout.write(`control plane at ${env.server}\nexport KUBECONFIG=${kubeconfig}\n`);

const stop = async () => {
  await env.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
