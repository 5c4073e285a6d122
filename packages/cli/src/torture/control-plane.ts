/**
 * Where `operant torture` runs the controller: the cluster of `--kubeconfig` (its CRDs
 * installed beforehand), or an envtest of its own — etcd, kube-apiserver and
 * kube-controller-manager (whose garbage collector removes the children of a deleted
 * object) from `@operant/testing`, with the CRDs of `--crds` installed, stopped at the end.
 * @module
 */
import { resolve } from 'node:path';
import { type KubeConfigSource, loadKubeConfig } from '@operant/core/client';
import { CliError } from '../errors.js';

export interface ControlPlane {
  kubeConfig: KubeConfigSource;
  /** Says where it runs, for the first line of output. */
  description: string;
  stop(): Promise<void>;
}

/** `@operant/testing` is an optional peer dependency of the CLI: only this command needs it. */
export async function importTesting<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((err: unknown) => {
    throw new CliError(
      'config',
      `operant torture needs @operant/testing in the project (pnpm add -D @operant/testing): ${(err as Error).message}`,
      { cause: err },
    );
  });
}

export async function openControlPlane(
  kubeconfig: string | undefined,
  crdPaths: readonly string[],
  cwd = process.cwd(),
): Promise<ControlPlane> {
  if (kubeconfig !== undefined) {
    const path = resolve(cwd, kubeconfig);
    return { kubeConfig: loadKubeConfig(path), description: `the cluster of ${path}`, stop: async () => {} };
  }
  const { Environment } = await importTesting(() => import('@operant/testing'));
  const env = new Environment({ controllerManager: true, crdDirectoryPaths: crdPaths.map((p) => resolve(cwd, p)) });
  const kubeConfig = await env.start().catch(async (err: unknown) => {
    await env.stop().catch(() => undefined);
    throw err;
  });
  const crds = crdPaths.length === 0 ? 'no CRDs' : `the CRDs of ${crdPaths.join(', ')}`;
  return { kubeConfig, description: `envtest with ${crds}`, stop: () => env.stop() };
}
