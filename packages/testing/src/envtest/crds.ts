/**
 * Installs CustomResourceDefinitions and waits until the API server serves them, as
 * envtest's CRD install does: read `.yaml`/`.yml`/`.json` files (multi-document), create or
 * replace each CRD, wait for `Established` and `NamesAccepted`, then for every served
 * version to answer a list (discovery can lag the condition).
 * @module
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiException,
  ApiextensionsV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type V1CustomResourceDefinition,
} from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { EnvtestError } from './errors.js';

export interface CrdInstallOptions {
  /** Files or folders (not recursive) of `.yaml`, `.yml` or `.json` manifests. */
  paths?: readonly string[];
  /** CRD objects to install as they are. */
  objects?: readonly V1CustomResourceDefinition[];
  /** Fail when a path does not exist (envtest's `ErrorIfCRDPathMissing`). Default true. */
  errorIfPathMissing?: boolean;
  /** How long to wait for each CRD to be served. Default 30 s. */
  timeoutMs?: number;
}

const manifestExtensions = new Set(['.yaml', '.yml', '.json']);

async function manifestFiles(path: string, errorIfMissing: boolean): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) {
    if (errorIfMissing) throw new EnvtestError('crdInstall', `unable to read CRDs: ${path} does not exist`);
    return [];
  }
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path);
  return entries
    .filter((entry) => manifestExtensions.has(extname(entry)))
    .sort()
    .map((entry) => join(path, entry));
}

/** Reads every CustomResourceDefinition in the given files and folders; other kinds are ignored. */
export async function readCrds(paths: readonly string[], errorIfMissing = true): Promise<V1CustomResourceDefinition[]> {
  const crds: V1CustomResourceDefinition[] = [];
  for (const path of paths) {
    for (const file of await manifestFiles(path, errorIfMissing)) {
      const documents = parseAllDocuments(await readFile(file, 'utf8'));
      for (const document of Array.isArray(documents) ? documents : [documents]) {
        if (document.errors.length > 0) {
          throw new EnvtestError('crdInstall', `unable to parse ${file}: ${document.errors[0]?.message}`);
        }
        const object = document.toJS() as V1CustomResourceDefinition | null;
        if (object?.kind === 'CustomResourceDefinition') crds.push(object);
      }
    }
  }
  return crds;
}

const isStatus = (err: unknown, code: number): boolean => err instanceof ApiException && err.code === code;

async function createOrReplace(api: ApiextensionsV1Api, crd: V1CustomResourceDefinition): Promise<void> {
  const name = crd.metadata?.name as string;
  for (let attempt = 0; ; attempt++) {
    try {
      await api.createCustomResourceDefinition({ body: crd });
      return;
    } catch (err) {
      if (!isStatus(err, 409)) throw err;
    }
    try {
      const current = await api.readCustomResourceDefinition({ name });
      const body = { ...crd, metadata: { ...crd.metadata, resourceVersion: current.metadata?.resourceVersion } };
      await api.replaceCustomResourceDefinition({ name, body });
      return;
    } catch (err) {
      if (!isStatus(err, 409) || attempt >= 5) throw err;
    }
  }
}

function condition(crd: V1CustomResourceDefinition, type: string): string | undefined {
  return crd.status?.conditions?.find((c) => c.type === type)?.status;
}

async function waitServed(kc: KubeConfig, crd: V1CustomResourceDefinition, timeoutMs: number): Promise<void> {
  const name = crd.metadata?.name as string;
  const api = kc.makeApiClient(ApiextensionsV1Api);
  const objects = kc.makeApiClient(CustomObjectsApi);
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(crd.spec.versions.filter((v) => v.served).map((v) => v.name));
  let state = 'not yet established';
  while (Date.now() < deadline) {
    const current = await api.readCustomResourceDefinition({ name });
    if (condition(current, 'NamesAccepted') === 'False') {
      const reason = current.status?.conditions?.find((c) => c.type === 'NamesAccepted')?.message;
      throw new EnvtestError('crdInstall', `unable to install CRD ${name}: names not accepted: ${reason}`);
    }
    if (condition(current, 'Established') === 'True') {
      state = `versions ${[...pending].join(', ')} not served yet`;
      for (const version of [...pending]) {
        try {
          await objects.listClusterCustomObject({
            group: crd.spec.group,
            version,
            plural: crd.spec.names.plural,
            limit: 1,
          });
          pending.delete(version);
        } catch (err) {
          if (!isStatus(err, 404)) throw err;
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
  const crds = [
    ...(await readCrds(options.paths ?? [], options.errorIfPathMissing ?? true)),
    ...(options.objects ?? []),
  ];
  const api = kc.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    try {
      await createOrReplace(api, crd);
    } catch (err) {
      const body = err instanceof ApiException ? `: ${JSON.stringify(err.body)}` : '';
      throw new EnvtestError('crdInstall', `unable to install CRD ${crd.metadata?.name}${body}`, { cause: err });
    }
  }
  for (const crd of crds) await waitServed(kc, crd, options.timeoutMs ?? 30_000);
  return crds;
}

/** Deletes the given CRDs, ignoring ones already gone (envtest's `CleanUpAfterUse`). */
export async function uninstallCrds(kc: KubeConfig, crds: readonly V1CustomResourceDefinition[]): Promise<void> {
  const api = kc.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    await api.deleteCustomResourceDefinition({ name: crd.metadata?.name as string }).catch((err: unknown) => {
      if (!isStatus(err, 404)) throw err;
    });
  }
}
