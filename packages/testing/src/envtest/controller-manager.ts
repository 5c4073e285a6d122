/**
 * kube-controller-manager against a started control plane: the admin kubeconfig of
 * `<dir>/admin.kubeconfig` for its API calls and its delegated authentication and
 * authorization, no leader election, the controllers of `ControllerManagerOptions` (else
 * `DEFAULT_CONTROLLERS`), its health endpoint on a free loopback port, polled until ready.
 * @module
 */
import { join } from 'node:path';
import { DEFAULT_CONTROLLERS } from './controllers.js';
import type { ControllerManagerOptions } from './environment-options.js';
import { mergeFlags, renderFlags } from './flags.js';
import { freePorts } from './ports.js';
import { probeGet } from './probe.js';
import { type StartedControlPlane, spawnProcess } from './started-control-plane.js';

/** Starts kube-controller-manager from `binary` and resolves once its `/healthz` answers 200. */
export async function startControllerManager(
  started: StartedControlPlane,
  binary: string,
  options: ControllerManagerOptions,
  timeout: number,
  attachOutput: boolean,
): Promise<void> {
  const [port] = (await freePorts(1)) as [number];
  const kubeconfig = join(started.dir, 'admin.kubeconfig');
  const flags = mergeFlags(
    {
      'leader-elect': 'false',
      'use-service-account-credentials': 'false',
      'kube-api-qps': '100',
      'kube-api-burst': '200',
      controllers: (options.controllers ?? DEFAULT_CONTROLLERS).join(','),
    },
    options.flags,
    {
      kubeconfig,
      'authentication-kubeconfig': kubeconfig,
      'authorization-kubeconfig': kubeconfig,
      'bind-address': '127.0.0.1',
      'secure-port': String(port),
      'cert-dir': join(started.dir, 'kcm'),
    },
  );
  const kcm = spawnProcess(started, 'kube-controller-manager', binary, renderFlags(flags), attachOutput);
  await kcm.waitUntilReady(
    async () => (await probeGet(`https://127.0.0.1:${port}/healthz`, { insecure: true })).status === 200,
    timeout,
  );
}
