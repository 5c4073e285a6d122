/**
 * Builds `@kubernetes/client-node` KubeConfigs for the test control plane and writes them
 * as kubeconfig files that kubectl reads.
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { KubeConfig } from '@kubernetes/client-node';

export interface KubeConfigUser {
  name: string;
  certPem: string;
  keyPem: string;
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** A KubeConfig with one cluster (`envtest`), one user and one current context. */
export function buildKubeConfig(server: string, caPem: string, user: KubeConfigUser): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'envtest', server, caData: b64(caPem), skipTLSVerify: false }],
    users: [{ name: user.name, certData: b64(user.certPem), keyData: b64(user.keyPem) }],
    contexts: [{ name: `${user.name}@envtest`, cluster: 'envtest', user: user.name, namespace: 'default' }],
    currentContext: `${user.name}@envtest`,
  });
  return kc;
}

/** Writes `kc` as a kubeconfig file (mode 0600; JSON, which kubectl reads as YAML). */
export async function writeKubeConfigFile(kc: KubeConfig, path: string): Promise<string> {
  await writeFile(path, `${kc.exportConfig()}\n`, { mode: 0o600 });
  return path;
}
