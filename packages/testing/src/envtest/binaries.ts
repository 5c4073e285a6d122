/**
 * Finds the control-plane binaries the way controller-runtime's envtest does, so that
 * `setup-envtest` folders and `TEST_ASSET_*` overrides keep working:
 * `TEST_ASSET_<NAME>` → the `binaryAssetsDirectory` option → `KUBEBUILDER_ASSETS` →
 * Operant's cache (filled by `pnpm envtest:assets`) → setup-envtest's store →
 * `/usr/local/kubebuilder/bin`. An explicit setting is authoritative: if it names a
 * missing file, the lookup fails instead of falling through to a default.
 * @module
 */
import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { EnvtestError } from './errors.js';

/** The Kubernetes version `tools/envtest` builds. */
export const ENVTEST_KUBERNETES_VERSION = '1.37.2';

export type BinaryName = 'etcd' | 'kube-apiserver' | 'kube-controller-manager';

export interface BinaryLookupOptions {
  /** A folder holding the binaries; like envtest's `BinaryAssetsDirectory`. */
  binaryAssetsDirectory?: string;
  /** Environment to read (defaults to `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/** `TEST_ASSET_KUBE_APISERVER` for `kube-apiserver`: upper case, runs of other characters → `_`. */
export function assetEnvName(name: BinaryName): string {
  return `TEST_ASSET_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** Where `pnpm envtest:assets` puts the binaries (`OPERANT_ENVTEST_CACHE` overrides the root). */
export function defaultAssetsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const root = env.OPERANT_ENVTEST_CACHE || join(cacheHome, 'operant', 'envtest');
  return join(root, `${ENVTEST_KUBERNETES_VERSION}-linux-amd64`);
}

interface Candidate {
  path: string;
  from: string;
  explicit: boolean;
}

function candidates(name: BinaryName, options: BinaryLookupOptions): Candidate[] {
  const env = options.env ?? process.env;
  const dataHome = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  const list: Candidate[] = [];
  const assetVar = assetEnvName(name);
  if (env[assetVar]) list.push({ path: env[assetVar] as string, from: assetVar, explicit: true });
  if (options.binaryAssetsDirectory) {
    list.push({ path: join(options.binaryAssetsDirectory, name), from: 'binaryAssetsDirectory', explicit: true });
  }
  if (env.KUBEBUILDER_ASSETS) {
    list.push({ path: join(env.KUBEBUILDER_ASSETS, name), from: 'KUBEBUILDER_ASSETS', explicit: true });
  }
  list.push(
    { path: join(defaultAssetsDirectory(env), name), from: 'the Operant envtest cache', explicit: false },
    {
      path: join(dataHome, 'kubebuilder-envtest', 'k8s', `${ENVTEST_KUBERNETES_VERSION}-linux-amd64`, name),
      from: "setup-envtest's store",
      explicit: false,
    },
    { path: join('/usr/local/kubebuilder/bin', name), from: 'the legacy kubebuilder folder', explicit: false },
  );
  return list;
}

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Resolves every binary in `names` or throws one `binariesMissing` error that lists what was searched. */
export function resolveBinaries<N extends BinaryName>(
  names: readonly N[],
  options: BinaryLookupOptions = {},
): Record<N, string> {
  const found = {} as Record<N, string>;
  const problems: string[] = [];
  for (const name of names) {
    const searched: string[] = [];
    for (const candidate of candidates(name, options)) {
      if (isExecutable(candidate.path)) {
        found[name] = candidate.path;
        break;
      }
      searched.push(`${candidate.path} (${candidate.from})`);
      if (candidate.explicit) break;
    }
    if (found[name] === undefined) problems.push(`  ${name}: not found at ${searched.join(', ')}`);
  }
  if (problems.length > 0) {
    throw new EnvtestError(
      'binariesMissing',
      [
        'unable to find the envtest control-plane binaries:',
        ...problems,
        `Run \`pnpm envtest:assets\` to build them into ${defaultAssetsDirectory(options.env)}, ` +
          'or point KUBEBUILDER_ASSETS (a folder) or TEST_ASSET_ETCD, TEST_ASSET_KUBE_APISERVER and ' +
          'TEST_ASSET_KUBE_CONTROLLER_MANAGER (files) at existing binaries, ' +
          'or set USE_EXISTING_CLUSTER=true to use the cluster of the current kubeconfig.',
      ].join('\n'),
    );
  }
  return found;
}
