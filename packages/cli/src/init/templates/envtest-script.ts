/**
 * `scripts/envtest.mjs` (`pnpm envtest`): a local control plane to run the operator
 * against, without a cluster: envtest's etcd, kube-apiserver and kube-controller-manager,
 * an admin kubeconfig in `.envtest/kubeconfig`, stopped by Ctrl-C. It checks the Node.js
 * release before it loads `@operant/testing`.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const envtestScript: ScaffoldFile = {
  path: 'scripts/envtest.mjs',
  content: `// A local control plane (etcd, kube-apiserver, kube-controller-manager) from the envtest
// binaries, for \`pnpm install-crds\` and \`pnpm run run\` without a cluster. It writes an admin
// kubeconfig to .envtest/kubeconfig and runs until Ctrl-C (SIGINT) or SIGTERM.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { nodeVersionProblem } from '@operant/core/api';

// on a Node.js older than Operant needs, one line saying which to install (and exit 1)
const tooOld = nodeVersionProblem();
if (tooOld !== undefined) {
  process.stderr.write(\`\${tooOld}\\n\`);
  process.exit(1);
}
const { Environment } = await import('@operant/testing');

const kubeconfig = fileURLToPath(new URL('../.envtest/kubeconfig', import.meta.url));
const env = new Environment({ controllerManager: true });
await env.start();
await mkdir(fileURLToPath(new URL('../.envtest', import.meta.url)), { recursive: true });
await env.writeKubeconfig(kubeconfig);
process.stdout.write(\`control plane at \${env.server}\\nexport KUBECONFIG=\${kubeconfig}\\n\`);

const stop = async () => {
  await env.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
`,
};
