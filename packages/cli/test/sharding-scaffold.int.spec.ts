// The sharding Component `operant init` scaffolds (config/sharding), on the real
// kube-apiserver of jest's global setup: the project's config/default applied with kubectl
// (the `deploy` script's `kubectl apply -k`), first as generated, then with the Component
// enabled as its comment says (two lines uncommented). The Deployment runs 3 replicas with
// --sharding next to --leader-elect; the manager's ServiceAccount, with its own token, can do
// what a shard member does to Leases in its namespace (create and renew its own, list and
// watch the group's, delete an expired member's) only once the Component is on, and nothing
// more: no patch of another's Lease, no deletecollection, no Lease in another namespace.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1Deployment, V1Lease } from '@kubernetes/client-node';
import { ApiClient, ClientError } from '@operant/core/client';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';
import { init } from '../src/init/command.js';
import { childEnv, runCommand, succeeded } from './fixtures/processes.js';
import { serviceAccount } from './fixtures/service-account.js';

const name = `shard-${randomBytes(3).toString('hex')}`;
const namespace = `${name}-system`; // config/default's namespace
const manager = serviceAccount(namespace, `${name}-controller-manager`);
const quiet = { stdout: () => undefined, stderr: () => undefined };

interface Attributes {
  verb: string;
  namespace?: string;
  name?: string;
}

describeWithControlPlane('operant init: config/sharding on the API server', () => {
  let root: string;
  let admin: ApiClient;
  let leaseId: string;
  const kubectl = async (...args: string[]) =>
    succeeded(await runCommand('kubectl', args, root, { ...childEnv, KUBECONFIG: process.env[KUBECONFIG_VAR] }));

  /** A SubjectAccessReview for the ServiceAccount on Leases, as `kubectl auth can-i --as` asks. */
  const canI = (attributes: Attributes) =>
    manager.canI(admin, { group: 'coordination.k8s.io', resource: 'leases', ...attributes });
  const lease = (leaseName: string, holder: string, inNamespace = namespace): V1Lease => ({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { namespace: inNamespace, name: leaseName, labels: { 'operant.dev/shard-group': leaseId } },
    spec: { holderIdentity: holder, leaseDurationSeconds: 15 },
  });
  /** The ServiceAccount's own client: a token from the TokenRequest API, as the kubelet mounts it. */
  const asManager = async (): Promise<ApiClient> => new ApiClient({ kubeConfig: await manager.kubeConfig() });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'operant-sharding-'));
    await init({ domain: 'example.com', name, repoDir: root }, quiet);
    leaseId = /leaderElectionID: '([^']+)'/.exec(await readFile(join(root, 'src/main.ts'), 'utf8'))?.[1] as string;
    admin = new ApiClient({ kubeConfig: sharedKubeConfig() });
    await kubectl('apply', '-k', 'config/default');
  }, 60_000);

  afterAll(async () => {
    if (root === undefined) return;
    await kubectl('delete', '-k', 'config/default', '--ignore-not-found', '--wait=false').catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('runs one replica and grants no member Leases as generated', async () => {
    const deployment = await admin.get(V1Deployment, { namespace, name: `${name}-controller-manager` });
    expect(deployment.spec?.replicas).toBe(1);
    expect(deployment.spec?.template.spec?.containers[0]?.args).not.toContain('--sharding');
    expect(await canI({ verb: 'create', namespace })).toBe(true); // leader election's
    expect(await canI({ verb: 'list', namespace })).toBe(false);
    expect(await canI({ verb: 'update', namespace, name: `${leaseId}-member-a` })).toBe(false);
    expect(await canI({ verb: 'delete', namespace, name: `${leaseId}-member-b` })).toBe(false);
  });

  it('runs 3 replicas with --sharding once config/default includes the Component', async () => {
    const path = join(root, 'config/default/kustomization.yaml');
    const text = await readFile(path, 'utf8');
    expect(text).toContain('#components:\n#  - ../sharding\n');
    await writeFile(path, text.replace('#components:\n#  - ../sharding\n', 'components:\n  - ../sharding\n'));
    await kubectl('apply', '-k', 'config/default');
    const deployment = await admin.get(V1Deployment, { namespace, name: `${name}-controller-manager` });
    expect(deployment.spec?.replicas).toBe(3);
    expect(deployment.spec?.template.spec?.containers[0]?.args).toEqual([
      '--metrics-bind-address=:8443',
      '--leader-elect',
      '--health-probe-bind-address=:8081',
      '--sharding',
    ]);
  });

  it("lets the manager's token do what a member does to Leases in its namespace", async () => {
    const manager = await asManager();
    // its own Lease: create, then write the ranges it holds (update with the resourceVersion it read)
    const own = await manager.create(lease(`${leaseId}-member-a`, 'member-a'));
    own.metadata = { ...own.metadata, annotations: { 'operant.dev/shard-ranges': '0-3,17' } };
    await manager.update(own);
    // the group's Leases: list (and watch, which the informer does after the list)
    const other = await admin.create(lease(`${leaseId}-member-b`, 'member-b'));
    const listed = await manager.list(V1Lease, { namespace, labelSelector: `operant.dev/shard-group=${leaseId}` });
    expect(listed.items.map((l) => l.metadata?.name).sort()).toEqual([`${leaseId}-member-a`, `${leaseId}-member-b`]);
    expect(await canI({ verb: 'watch', namespace })).toBe(true);
    // an expired member's Lease: delete, with its resourceVersion as precondition
    await manager.delete(other, { preconditions: { resourceVersion: other.metadata?.resourceVersion } });
    await manager.delete(own);
    expect((await admin.list(V1Lease, { namespace })).items.map((l) => l.metadata?.name)).not.toContain(
      `${leaseId}-member-b`,
    );
  });

  it('grants nothing beyond that: no patch of a member Lease, no deletecollection, no other namespace', async () => {
    expect(await canI({ verb: 'patch', namespace, name: `${leaseId}-member-b` })).toBe(false);
    expect(await canI({ verb: 'deletecollection', namespace })).toBe(false);
    for (const elsewhere of ['kube-system', 'default']) {
      for (const verb of ['get', 'list', 'create', 'update', 'delete']) {
        expect({ verb, elsewhere, allowed: await canI({ verb, namespace: elsewhere }) }).toEqual({
          verb,
          elsewhere,
          allowed: false,
        });
      }
    }
    expect(await canI({ verb: 'list' })).toBe(false); // cluster-wide
    const manager = await asManager();
    const refused = await manager.create(lease(`${leaseId}-intruder`, 'x', 'default')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).code).toBe(403);
  });
});
