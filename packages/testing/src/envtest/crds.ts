/**
 * Installs CustomResourceDefinitions and waits until the API server serves them, as
 * envtest's CRD install does: read `.yaml`/`.yml`/`.json` files (multi-document), create or
 * replace each CRD, wait for `Established` and `NamesAccepted`, then for every served
 * version to answer a list (discovery can lag the condition).
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { isNotFound } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { resourceType } from '@operant/core/resources';
import { createOrReplace } from './create-or-replace.js';
import { EnvtestError } from './errors.js';
import { readManifests } from './manifests.js';

export interface CrdInstallOptions {
  /** Files or folders (not recursive) of `.yaml`, `.yml` or `.json` manifests. */
  paths?: readonly string[];
  /** CRD objects to install as they are. */
  objects?: readonly V1CustomResourceDefinition[];
  /** Fail when a path does not exist (envtest's `ErrorIfCRDPathMissing`). Default true. */
  errorIfPathMissing?: boolean;
  /** How long to wait for each CRD to be served. Default 30 s. */
  timeoutMs?: number;
  /** Changes the CRDs before they are sent (the environment points conversion webhooks at the local server). */
  modify?: (crds: V1CustomResourceDefinition[]) => V1CustomResourceDefinition[];
}

/** Reads every CustomResourceDefinition in the given files and folders; other kinds are ignored. */
export function readCrds(paths: readonly string[], errorIfMissing = true): Promise<V1CustomResourceDefinition[]> {
  return readManifests(paths, {
    kinds: new Set(['CustomResourceDefinition']),
    errorIfMissing,
    errorKind: 'crdInstall',
    what: 'CRDs',
  });
}

// CRDs go over the wire as plain JSON (Operant's client), so `x-kubernetes-*` keys from
// YAML survive; client-node's generated API would drop them (its serializer expects model keys).
const CrdType = resourceType<V1CustomResourceDefinition>({
  group: 'apiextensions.k8s.io',
  version: 'v1',
  kind: 'CustomResourceDefinition',
  plural: 'customresourcedefinitions',
  namespaced: false,
});

const withKind = (crd: V1CustomResourceDefinition): V1CustomResourceDefinition => ({
  ...crd,
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
});

function condition(crd: V1CustomResourceDefinition, type: string): string | undefined {
  return crd.status?.conditions?.find((c) => c.type === type)?.status;
}

async function waitServed(api: ApiClient, crd: V1CustomResourceDefinition, timeoutMs: number): Promise<void> {
  const name = crd.metadata?.name as string;
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(crd.spec.versions.filter((v) => v.served).map((v) => v.name));
  let state = 'not yet established';
  while (Date.now() < deadline) {
    const current = await api.get(CrdType, { name });
    if (condition(current, 'NamesAccepted') === 'False') {
      const reason = current.status?.conditions?.find((c) => c.type === 'NamesAccepted')?.message;
      throw new EnvtestError('crdInstall', `unable to install CRD ${name}: names not accepted: ${reason}`);
    }
    if (condition(current, 'Established') === 'True') {
      state = `versions ${[...pending].join(', ')} not served yet`;
      for (const version of [...pending]) {
        const served = resourceType({
          group: crd.spec.group,
          version,
          kind: crd.spec.names.kind,
          plural: crd.spec.names.plural,
          namespaced: crd.spec.scope === 'Namespaced',
        });
        try {
          await api.list(served, { limit: 1 });
          pending.delete(version);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      if (pending.size === 0) return;
    }
    await sleep(100);
  }
  throw new EnvtestError('crdInstall', `unable to install CRD ${name}: ${state} after ${timeoutMs} ms`);
}

/** Creates (or replaces) every CRD and waits until each is served; returns what was installed. */
export async function installCrds(kc: KubeConfig, options: CrdInstallOptions): Promise<V1CustomResourceDefinition[]> {
  const read = [
    ...(await readCrds(options.paths ?? [], options.errorIfPathMissing ?? true)),
    ...(options.objects ?? []),
  ];
  const crds = options.modify?.(read) ?? read;
  const api = new ApiClient({ kubeConfig: kc });
  for (const crd of crds) {
    try {
      await createOrReplace(api, withKind(crd), CrdType);
    } catch (err) {
      throw new EnvtestError('crdInstall', `unable to install CRD ${crd.metadata?.name}: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  for (const crd of crds) await waitServed(api, crd, options.timeoutMs ?? 30_000);
  return crds;
}

/** Deletes the given CRDs, ignoring ones already gone (envtest's `CleanUpAfterUse`). */
export async function uninstallCrds(kc: KubeConfig, crds: readonly V1CustomResourceDefinition[]): Promise<void> {
  const api = new ApiClient({ kubeConfig: kc });
  for (const crd of crds) {
    await api.delete(withKind(crd)).catch((err: unknown) => {
      if (!isNotFound(err)) throw err;
    });
  }
}
