/**
 * The generated RBAC as a cluster administrator checks it, on a control plane of its own:
 * config/rbac (the ClusterRole rbac-gen writes, the leader-election Role, their bindings and
 * the ServiceAccount) applied into the operator's namespace as kustomize's `namespace:`
 * does, then for that ServiceAccount:
 * - SubjectAccessReview answers (`kubectl auth can-i --as=system:serviceaccount:…`): no
 *   Lease writes in kube-system, in another namespace or cluster-wide; the operator's own
 *   Lease (by name) and Lease creation in its namespace only;
 * - the API server refuses the ServiceAccount's own token an update of kube-system's Lease;
 * - with nothing but these permissions and that token, the operator's manager wins leader
 *   election on the Lease `src/main.ts` names, reconciles, and releases the Lease on stop;
 * - and serves metrics as config/default turns them on (`main.ts`'s flags, HTTPS behind
 *   TokenReview + SubjectAccessReview, with the metrics-auth-role's permissions): a scraper
 *   bound to config/rbac's metrics-reader gets 200, one without it 403, no token 401.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from '@jest/globals';
import { KubeConfig, V1Deployment, V1Lease } from '@kubernetes/client-node';
import { type KubernetesObject, type Manager, managerOptionsFromFlags } from '@operant/core';
import { ApiClient, type ClientError } from '@operant/core/client';
import { newManager } from '@operant/core/manager';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { parse, parseAllDocuments } from 'yaml';
import type { RedisCluster } from '../src/index.js';
import {
  counter,
  type LogEntry,
  leaderElectedOperator,
  recordingLogger,
  serviceAccountToken,
  tokenKubeConfig,
} from './fixtures/operator.js';

const rbacDir = fileURLToPath(new URL('../config/rbac/', import.meta.url));
const crdDir = fileURLToPath(new URL('../config/crd/bases', import.meta.url));
const mainSource = readFileSync(fileURLToPath(new URL('../src/main.ts', import.meta.url)), 'utf8');
/** The Lease the scaffolded main.ts elects on (`managerOptionsFromFlags(…, { leaderElectionID })`). */
const leaseName = /leaderElectionID: '([^']+)'/.exec(mainSource)?.[1] ?? 'no leaderElectionID in src/main.ts';

const controlPlane = { crdDirectoryPaths: [crdDir] };
const skip = ownControlPlaneSkipReason(controlPlane);
const operatorNs = 'redis-operator-system'; // config/default's namespace
const serviceAccount = 'controller-manager';
const user = `system:serviceaccount:${operatorNs}:${serviceAccount}`;
const groups = ['system:serviceaccounts', `system:serviceaccounts:${operatorNs}`, 'system:authenticated'];

/** config/rbac's objects as `kustomize build` with `namespace: <ns>` yields them (no name prefix). */
function rbacManifests(namespace: string): KubernetesObject[] {
  const { resources } = parse(readFileSync(`${rbacDir}kustomization.yaml`, 'utf8')) as { resources: string[] };
  return resources.flatMap((file) =>
    parseAllDocuments(readFileSync(`${rbacDir}${file}`, 'utf8'))
      .map((d) => d.toJS() as (KubernetesObject & { subjects?: { kind: string; namespace?: string }[] }) | null)
      .filter((doc) => doc !== null)
      .map((doc) => ({
        ...doc,
        metadata: { ...doc.metadata, ...(doc.metadata?.namespace === undefined ? {} : { namespace }) },
        ...(doc.subjects === undefined
          ? {}
          : { subjects: doc.subjects.map((s) => (s.kind === 'ServiceAccount' ? { ...s, namespace } : s)) }),
      })),
  );
}

interface Attributes {
  verb: string;
  resource: string;
  group?: string;
  namespace?: string;
  name?: string;
}

describeOrSkip('the generated RBAC, for the operator ServiceAccount', skip, () => {
  const env = useControlPlane(controlPlane);
  let admin: ApiClient;
  let asOperator: KubeConfig;

  /** A SubjectAccessReview for the ServiceAccount, as `kubectl auth can-i --as` asks. */
  const canI = async ({ group = '', ...attributes }: Attributes): Promise<boolean> => {
    const review = await admin.create<KubernetesObject & { status?: { allowed?: boolean } }>({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      spec: { user, groups, resourceAttributes: { group, ...attributes } },
    } as KubernetesObject);
    return review.status?.allowed === true;
  };
  const lease = (namespace: string, name: string, holder: string): V1Lease => ({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { namespace, name },
    spec: { holderIdentity: holder, leaseDurationSeconds: 15 },
  });

  const tokenFor = (namespace: string, name: string) => serviceAccountToken(env.kubeConfig(), namespace, name);

  beforeAll(async () => {
    admin = new ApiClient({ kubeConfig: env.kubeConfig() });
    for (const name of [operatorNs, 'apps'])
      await admin.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    for (const object of rbacManifests(operatorNs)) await admin.create(object);
    // the Leases of kube-controller-manager and kube-scheduler, as a real cluster has them
    for (const name of ['kube-controller-manager', 'kube-scheduler'])
      await admin.create(lease('kube-system', name, `${name}-0_a1b2`));
    asOperator = tokenKubeConfig(env.kubeConfig(), await tokenFor(operatorNs, serviceAccount), serviceAccount);
  }, 60_000);

  it('cannot write Leases in kube-system, in another namespace or cluster-wide; can write its own', async () => {
    const leases = { group: 'coordination.k8s.io', resource: 'leases' };
    const cases: Record<string, Attributes> = {};
    for (const verb of ['get', 'create', 'update', 'patch', 'delete']) {
      for (const name of ['kube-controller-manager', 'kube-scheduler'])
        cases[`${verb} kube-system/${name}`] = { ...leases, verb, namespace: 'kube-system', name };
      cases[`${verb} in apps`] = { ...leases, verb, namespace: 'apps', name: leaseName };
      cases[`${verb} in every namespace`] = { ...leases, verb };
      cases[`${verb} ${operatorNs}/${leaseName}`] = { ...leases, verb, namespace: operatorNs, name: leaseName };
      cases[`${verb} ${operatorNs}/another-lease`] = { ...leases, verb, namespace: operatorNs, name: 'another-lease' };
    }
    cases['create in operator namespace (no name)'] = { ...leases, verb: 'create', namespace: operatorNs };
    cases['deletecollection in operator namespace'] = { ...leases, verb: 'deletecollection', namespace: operatorNs };
    cases['list in every namespace'] = { ...leases, verb: 'list' };
    const answers: Record<string, boolean> = {};
    for (const [label, attributes] of Object.entries(cases)) answers[label] = await canI(attributes);

    const own = (verb: string) => [`${verb} ${operatorNs}/${leaseName}`, true] as const;
    expect(answers).toEqual({
      ...Object.fromEntries(Object.keys(cases).map((label) => [label, false])),
      ...Object.fromEntries(['get', 'update', 'patch', 'delete'].map(own)),
      // create cannot be limited to a name: any Lease may be created in the operator's namespace
      [`create ${operatorNs}/${leaseName}`]: true,
      [`create ${operatorNs}/another-lease`]: true,
      'create in operator namespace (no name)': true,
    });
  });

  it('holds what the controllers declare, cluster-wide, and no writes to Secrets', async () => {
    const answers = {
      'list redisclusters everywhere': await canI({
        group: 'cache.example.com',
        resource: 'redisclusters',
        verb: 'list',
      }),
      'create deployments in apps': await canI({
        group: 'apps',
        resource: 'deployments',
        verb: 'create',
        namespace: 'apps',
      }),
      'create events.k8s.io events in apps': await canI({
        group: 'events.k8s.io',
        resource: 'events',
        verb: 'create',
        namespace: 'apps',
      }),
      'patch events.k8s.io events in apps (series)': await canI({
        group: 'events.k8s.io',
        resource: 'events',
        verb: 'patch',
        namespace: 'apps',
      }),
      'watch secrets everywhere': await canI({ resource: 'secrets', verb: 'watch' }),
      'update secrets in apps': await canI({ resource: 'secrets', verb: 'update', namespace: 'apps' }),
      'create secrets in operator namespace': await canI({
        resource: 'secrets',
        verb: 'create',
        namespace: operatorNs,
      }),
      'create core events in apps': await canI({ resource: 'events', verb: 'create', namespace: 'apps' }),
      'create core events in operator namespace': await canI({
        resource: 'events',
        verb: 'create',
        namespace: operatorNs,
      }),
    };
    expect(answers).toEqual({
      'list redisclusters everywhere': true,
      'create deployments in apps': true,
      'create events.k8s.io events in apps': true,
      'patch events.k8s.io events in apps (series)': true,
      'watch secrets everywhere': true,
      'update secrets in apps': false,
      'create secrets in operator namespace': false,
      'create core events in apps': false,
      'create core events in operator namespace': true, // the leader-election Role's
    });
  });

  it("the API server refuses the ServiceAccount's token a takeover of kube-system's Lease", async () => {
    const client = new ApiClient({ kubeConfig: asOperator });
    const held = await admin.get(V1Lease, { namespace: 'kube-system', name: 'kube-controller-manager' });
    const taken = { ...held, spec: { ...held.spec, holderIdentity: 'redis-operator' } };
    const status = (err: unknown) => (err as ClientError).code;
    await expect(client.update(taken).catch(status)).resolves.toBe(403);
    await expect(client.delete(held).catch(status)).resolves.toBe(403);
    await expect(client.create(lease('kube-system', 'redis-operator', 'x')).catch(status)).resolves.toBe(403);
    expect((await admin.get(V1Lease, { namespace: 'kube-system', name: 'kube-controller-manager' })).spec).toEqual(
      held.spec,
    );
  });

  it('with only these permissions, the manager wins the election, reconciles and releases the Lease', async () => {
    const logger = recordingLogger();
    const app = await leaderElectedOperator(asOperator, operatorNs, leaseName, logger);
    const running = app.start();
    let stopped = false;
    try {
      const acquired = await eventually(() => {
        const entry = logger.entries.find((e) => e.message === 'successfully acquired lease');
        expect(entry).toBeDefined();
        return entry as LogEntry;
      });
      const held = await admin.get(V1Lease, { namespace: operatorNs, name: leaseName });
      expect(held.spec?.holderIdentity).toBe(acquired.fields.identity);

      await admin.create({
        apiVersion: 'cache.example.com/v1',
        kind: 'RedisCluster',
        metadata: { namespace: 'apps', name: 'cache' },
        spec: { size: 1, image: 'redis:7.4' },
      } as unknown as RedisCluster);
      await eventually(() => admin.get(V1Deployment, { namespace: 'apps', name: 'cache' }));

      await app.stop();
      await running;
      stopped = true;
      const released = await admin.get(V1Lease, { namespace: operatorNs, name: leaseName });
      expect(released.spec?.holderIdentity).toBe('');
      // nothing the operator did was refused (the election's and the recorder's requests included)
      expect(await counter(app, 'rest_client_requests_total', { code: '403' })).toBe(0);
      const text = (e: LogEntry) =>
        JSON.stringify(e, (_key, v) => (v instanceof Error ? `${v.name}: ${v.message}` : v));
      expect(logger.entries.filter((e) => /forbidden|\b403\b/i.test(text(e)))).toEqual([]);
    } finally {
      if (!stopped) {
        await app.stop();
        await running.catch(() => undefined);
      }
    }
  });

  it('serves metrics over HTTPS to a scraper bound to metrics-reader only, with the metrics-auth permissions', async () => {
    for (const name of ['prometheus', 'intruder'])
      await admin.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { namespace: 'apps', name } });
    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'prometheus-metrics-reader' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'metrics-reader' },
      subjects: [{ kind: 'ServiceAccount', namespace: 'apps', name: 'prometheus' }],
    } as KubernetesObject);
    // the binding reaches the authorizer asynchronously: wait for it, so no denial is cached
    await eventually(async () => {
      const review = await admin.create<KubernetesObject & { status?: { allowed?: boolean } }>({
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: {
          user: 'system:serviceaccount:apps:prometheus',
          nonResourceAttributes: { path: '/metrics', verb: 'get' },
        },
      } as KubernetesObject);
      expect(review.status?.allowed).toBe(true);
    });
    const mgr = newManager({
      // main.ts's flags as config/default sets them (port 8443 there, a free one here)
      ...managerOptionsFromFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0']),
      kubeConfig: asOperator,
      logger: recordingLogger(),
    });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    try {
      const { port } = await (mgr.metricsServer as NonNullable<Manager['metricsServer']>).address();
      const scrape = (token?: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
          const req = request(
            { host: '127.0.0.1', port, path: '/metrics', rejectUnauthorized: false, headers },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
            },
          );
          req.on('error', reject);
          req.end();
        });
      const prometheus = await scrape(await tokenFor('apps', 'prometheus'));
      expect(prometheus.status).toBe(200);
      expect(prometheus.body).toContain('# TYPE rest_client_requests_total counter');
      expect((await scrape(await tokenFor('apps', 'intruder'))).status).toBe(403);
      expect((await scrape()).status).toBe(401);
    } finally {
      stop.abort();
      await running;
    }
  });
});
