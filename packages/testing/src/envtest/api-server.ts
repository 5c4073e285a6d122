/**
 * etcd and kube-apiserver, started together on three free loopback ports and each polled
 * until ready. etcd keeps its data in `<dir>/etcd`; kube-apiserver serves TLS with the
 * certificates in `<dir>`, authenticates client certificates of the client CA, authorizes
 * with RBAC, signs service-account tokens with `<dir>/sa.key` and starts with
 * `DEFAULT_FEATURE_GATES`. The caller's flags go over the defaults; the addresses, folders
 * and certificates are fixed.
 * @module
 */
import { join } from 'node:path';
import type { CertKeyPair } from './certs.js';
import { type Flags, mergeFeatureGates, mergeFlags, renderFlags } from './flags.js';
import { freePorts } from './ports.js';
import { probeGet } from './probe.js';
import { type StartedControlPlane, spawnProcess, waitForApiServer } from './started-control-plane.js';

/**
 * The kube-apiserver feature gates every control plane starts with: the alpha
 * `ShardedListAndWatch` (the `shardSelector` of lists and watches, docs/sharding.md). A
 * caller's `apiServerFlags['feature-gates']` combine with them gate by gate (theirs win;
 * `ShardedListAndWatch=false` turns it off, `null` drops every default gate).
 */
export const DEFAULT_FEATURE_GATES = 'ShardedListAndWatch=true';

/** The caller's extra or overriding flags of each process (`null` removes a default). */
export interface EtcdAndApiServerFlags {
  etcdFlags?: Flags;
  apiServerFlags?: Flags;
}

/** Starts etcd, then kube-apiserver on it, and sets `started.server`; resolves once both are ready. */
export async function startEtcdAndApiServer(
  started: StartedControlPlane,
  binaries: Record<string, string>,
  admin: CertKeyPair,
  timeout: number,
  flags: EtcdAndApiServerFlags,
  attachOutput: boolean,
): Promise<void> {
  const { dir } = started;
  const [clientPort, peerPort, apiPort] = (await freePorts(3)) as [number, number, number];
  const etcdUrl = `http://127.0.0.1:${clientPort}`;
  const peerUrl = `http://127.0.0.1:${peerPort}`;
  const etcdFlags = mergeFlags({ 'log-level': 'warn', 'unsafe-no-fsync': 'true' }, flags.etcdFlags, {
    name: 'default',
    'data-dir': join(dir, 'etcd'),
    'listen-client-urls': etcdUrl,
    'advertise-client-urls': etcdUrl,
    'listen-peer-urls': peerUrl,
    'initial-advertise-peer-urls': peerUrl,
    'initial-cluster': `default=${peerUrl}`,
  });
  const etcd = spawnProcess(started, 'etcd', binaries.etcd as string, renderFlags(etcdFlags), attachOutput);
  await etcd.waitUntilReady(async () => (await probeGet(`${etcdUrl}/health`)).status === 200, timeout);

  started.server = `https://127.0.0.1:${apiPort}`;
  const userFlags = flags.apiServerFlags;
  const apiFlags = mergeFlags(
    {
      'allow-privileged': 'true',
      'disable-admission-plugins': 'ServiceAccount',
      'service-cluster-ip-range': '10.0.0.0/24',
    },
    userFlags,
    { 'feature-gates': mergeFeatureGates(DEFAULT_FEATURE_GATES, userFlags?.['feature-gates']) },
    {
      'etcd-servers': etcdUrl,
      'cert-dir': dir,
      'tls-cert-file': join(dir, 'apiserver.crt'),
      'tls-private-key-file': join(dir, 'apiserver.key'),
      'client-ca-file': join(dir, 'client-ca.crt'),
      'bind-address': '127.0.0.1',
      // advertise loopback (hosts without a default route have nothing else); the endpoint
      // reconciler refuses loopback addresses, and tests need no `kubernetes` Service endpoints
      'advertise-address': '127.0.0.1',
      'endpoint-reconciler-type': 'none',
      'secure-port': String(apiPort),
      'authorization-mode': 'RBAC',
      'service-account-issuer': `${started.server}/`,
      'service-account-key-file': join(dir, 'sa.key'),
      'service-account-signing-key-file': join(dir, 'sa.key'),
    },
  );
  const apiServer = spawnProcess(
    started,
    'kube-apiserver',
    binaries['kube-apiserver'] as string,
    renderFlags(apiFlags),
    attachOutput,
  );
  await waitForApiServer(started, apiServer, admin, '/readyz', timeout);
}
