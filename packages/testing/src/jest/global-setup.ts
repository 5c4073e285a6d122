/**
 * jest `globalSetup`: starts one control plane (with kube-controller-manager running
 * `DEFAULT_CONTROLLERS`) for every integration suite of the run and publishes its
 * kubeconfig to the workers. A suite that needs other controllers uses `useControlPlane`.
 *
 * When the binaries are missing: with `CI=true` the run fails; elsewhere the suites that
 * use `describeWithControlPlane` are skipped and the reason is printed.
 * Options come from `OPERANT_ENVTEST_CRDS` (comma-separated CRD paths). On a Node.js older
 * than Operant needs it fails with one line saying which to install.
 * @module
 */

import { nodeVersionProblem } from '@operant/core/api';
import type { Environment } from '../envtest/environment.js';

declare global {
  var __operantEnvtest: Environment | undefined;
}

export default async function globalSetup(): Promise<void> {
  // first, before the modules that load client-node: on an older Node its HTTP client (undici)
  // fails to load, far from the cause
  const tooOld = nodeVersionProblem();
  if (tooOld !== undefined) throw new Error(tooOld);
  const { Environment } = await import('../envtest/environment.js');
  const { EnvtestError } = await import('../envtest/errors.js');
  const { KUBECONFIG_VAR, SKIP_VAR } = await import('./shared.js');
  const crdPaths = process.env.OPERANT_ENVTEST_CRDS?.split(',').filter((p) => p !== '') ?? [];
  const env = new Environment({ controllerManager: true, crdDirectoryPaths: crdPaths });
  try {
    await env.start();
  } catch (err) {
    if (EnvtestError.is(err, 'binariesMissing') && process.env.CI !== 'true') {
      process.env[SKIP_VAR] = `${err.message}\n(integration suites are skipped; with CI=true this fails the run)`;
      process.stderr.write(`\n[envtest] ${process.env[SKIP_VAR]}\n`);
      return;
    }
    throw err;
  }
  globalThis.__operantEnvtest = env;
  process.env[KUBECONFIG_VAR] = await env.writeKubeconfig();
}
