/**
 * `crd-gen --verify`: each generated CRD is sent to a real API server as a server-side dry
 * run (`dryRun=All`: a create, or an update of the installed CRD when one exists), so that
 * what only the API server can judge (CEL compilation and cost budgets, structural and
 * printer-column rules) fails at generation, with the CRD's name and the server's message.
 * Nothing is persisted. The control plane is the kubeconfig's (`--kubeconfig`, else
 * `KUBECONFIG`, in-cluster, `~/.kube/config`) or, with `--envtest`, one started through
 * `@operant/testing` for the run.
 * @module
 */
import { ignoreNotFound } from '@operant/core';
import * as client from '@operant/core/client';
import { ApiClient } from '@operant/core/client';
import { CustomResourceDefinition } from '@operant/core/kinds';
import type { CustomResourceDefinition as Crd } from '@operant/crd';
import { CliError } from '../errors.js';

export interface VerifyTarget {
  /** A kubeconfig file; the default chain when absent. */
  kubeconfig?: string;
  /** Start a control plane through `@operant/testing` (envtest) instead. */
  envtest?: boolean;
}

/** One CRD the API server refused: its name and the server's message. */
export interface VerifyFailure {
  name: string;
  message: string;
}

async function dryRun(api: ApiClient, crd: Crd): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the CRD model of @operant/crd is structurally client-node's
  const body = structuredClone(crd) as any;
  // an update is judged as one (ratcheting of unchanged rules): read first, then create or update
  const live = await api.get(CustomResourceDefinition, { name: crd.metadata.name }).catch(ignoreNotFound);
  if (live === undefined) {
    await api.create(body, { dryRun: true });
    return;
  }
  body.metadata.resourceVersion = live.metadata?.resourceVersion;
  await api.update(body, { dryRun: true });
}

/** Dry-runs every CRD on the API server of `kubeConfig`; resolves to the refusals (empty: all accepted). */
export async function dryRunCrds(crds: readonly Crd[], kubeConfig: client.KubeConfigSource): Promise<VerifyFailure[]> {
  const api = new ApiClient({ kubeConfig, fieldOwner: 'operant-crd-gen' });
  const failures: VerifyFailure[] = [];
  for (const crd of crds) {
    try {
      await dryRun(api, crd);
    } catch (err) {
      failures.push({ name: crd.metadata.name, message: (err as Error).message });
    }
  }
  return failures;
}

interface ControlPlane {
  kubeConfig: client.KubeConfigSource;
  stop(): Promise<void>;
}

async function controlPlane(target: VerifyTarget): Promise<ControlPlane> {
  if (!target.envtest) {
    try {
      return { kubeConfig: client.loadKubeConfig(target.kubeconfig), stop: async () => undefined };
    } catch (err) {
      const which = target.kubeconfig ?? 'the default kubeconfig';
      throw new CliError('config', `unable to load ${which}: ${(err as Error).message}`, { cause: err });
    }
  }
  let testing: typeof import('@operant/testing');
  try {
    testing = await import('@operant/testing');
  } catch (err) {
    throw new CliError('config', 'unable to start a control plane for --envtest: install @operant/testing', {
      cause: err,
    });
  }
  const env = new testing.Environment();
  return { kubeConfig: await env.start(), stop: () => env.stop() };
}

/** Verifies `crds` on the target's control plane; throws `CliError('verify')` naming each refused CRD. */
export async function verifyCrds(crds: readonly Crd[], target: VerifyTarget): Promise<void> {
  const plane = await controlPlane(target);
  let failures: VerifyFailure[];
  try {
    failures = await dryRunCrds(crds, plane.kubeConfig);
  } finally {
    await plane.stop();
  }
  if (failures.length > 0) {
    throw new CliError(
      'verify',
      `the API server refused ${failures.length} of ${crds.length} CRD(s):\n${failures.map((f) => `${f.name}: ${f.message}`).join('\n')}`,
    );
  }
}
