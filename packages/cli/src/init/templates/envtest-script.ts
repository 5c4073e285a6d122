/**
 * `scripts/envtest.mjs` (`pnpm envtest`): a local control plane to run the operator
 * against, without a cluster: envtest's etcd, kube-apiserver and kube-controller-manager,
 * an admin kubeconfig in `.envtest/kubeconfig`, stopped by Ctrl-C. It checks the Node.js
 * release before it loads `@operant/testing`. When the project has webhooks
 * (`config/webhook/manifests.yaml`), their configurations are installed pointing at
 * `https://127.0.0.1:<port>` with a CA of the run, the serving pair is written to
 * `.envtest/webhook-certs`, and the script prints the flags `pnpm run run` needs.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const envtestScript: ScaffoldFile = {
  path: 'scripts/envtest.mjs',
  content: `// A local control plane (etcd, kube-apiserver, kube-controller-manager) from the envtest
// binaries, for \`pnpm install-crds\` and \`pnpm run run\` without a cluster. It writes an admin
// kubeconfig to .envtest/kubeconfig and runs until Ctrl-C (SIGINT) or SIGTERM.
// With config/webhook/manifests.yaml (\`pnpm manifests\` after \`operant create webhook\`), the
// webhook configurations are installed pointing at https://127.0.0.1:<port>, trusting a CA
// made for this run; the serving pair goes to .envtest/webhook-certs. Start the manager
// with the flags printed below (or ENABLE_WEBHOOKS=false to run without them: then the API
// server cannot reach the webhooks and refuses the kinds they guard).
import { existsSync } from 'node:fs';
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

const local = (path) => fileURLToPath(new URL(\`../\${path}\`, import.meta.url));
const kubeconfig = local('.envtest/kubeconfig');
const withWebhooks = existsSync(local('config/webhook/manifests.yaml'));
await mkdir(local('.envtest/webhook-certs'), { recursive: true });
const webhookInstallOptions = {
  paths: [local('config/webhook')],
  localServingCertDir: local('.envtest/webhook-certs'),
};
const env = new Environment({ controllerManager: true, ...(withWebhooks ? { webhookInstallOptions } : {}) });
await env.start();
await env.writeKubeconfig(kubeconfig);
process.stdout.write(\`control plane at \${env.server}\\n\`);
if (env.webhooks !== undefined) {
  const { port, certDir } = env.webhooks.serverOptions();
  const flags = \`--webhook-cert-path=\${certDir} --webhook-port=\${port}\`;
  process.stdout.write(\`webhooks call https://127.0.0.1:\${port}: pnpm run run \${flags}\\n\`);
}
process.stdout.write(\`export KUBECONFIG=\${kubeconfig}\\n\`);

const stop = async () => {
  await env.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
`,
};
