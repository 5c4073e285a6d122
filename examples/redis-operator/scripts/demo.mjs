// The demo (`pnpm demo` / `bash scripts/demo.sh` at the repository root): a local control
// plane (envtest: etcd, kube-apiserver, kube-controller-manager), the RedisCluster CRD, the
// operator running with only its generated RBAC, then the sample RedisCluster applied,
// scaled 3 → 5 and deleted, printing what the operator did as it happens. Exits 0.
// `--keep` stops after scaling and leaves everything running until Ctrl-C, with a
// kubeconfig for kubectl.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ignoreNotFound, OperantFactory } from '@operant/core';
import { ApiClient, mergePatch } from '@operant/core/client';
import { resourceType } from '@operant/core/resources';
import { Environment, eventually } from '@operant/testing';
import { parse, parseAllDocuments } from 'yaml';
import { configuredAppModule, RedisCluster } from '../dist/index.js';

const { values: flags } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const started = Date.now();
const say = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${line}`);

const Deployment = resourceType({
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  plural: 'deployments',
  namespaced: true,
});
const Service = resourceType({ group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true });
const ConfigMap = resourceType({ group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true });
const Event = resourceType({
  group: 'events.k8s.io',
  version: 'v1',
  kind: 'Event',
  plural: 'events',
  namespaced: true,
});
const registryNamespace = 'redis-operator-system';

/** The operator's log, reduced to one line per reconcile, finalizer run or problem. */
function demoLogger(fields = {}) {
  const line =
    (level) =>
    (message, extra = {}) => {
      const all = { ...fields, ...extra };
      if (message === 'reconciled') {
        say(
          `  reconcile ${all.namespace}/${all.name}: service ${all.service}, deployment ${all.deployment}, registry record ${all.registryRecord}, status ${all.status}`,
        );
      } else if (message.startsWith('finalized')) {
        say(`  reconcile ${all.namespace}/${all.name}: ${message}`);
      } else if (level === 'error' || level === 'warn') {
        say(`  ${level}: ${message} ${JSON.stringify(extra)}`);
      }
    };
  return {
    error: line('error'),
    warn: line('warn'),
    info: line('info'),
    debug: () => undefined,
    child: (f) => demoLogger({ ...fields, ...f }),
  };
}

say('starting a local control plane: etcd, kube-apiserver, kube-controller-manager (envtest)');
const env = new Environment({ controllerManager: true, crdDirectoryPaths: [here('../config/crd/bases')] });
await env.start();
const kubeconfig = await env.writeKubeconfig();
say(`control plane up at ${env.server}; CRD redisclusters.cache.example.com installed`);

const admin = new ApiClient({ kubeConfig: env.kubeConfig() });
await admin.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: registryNamespace } });
// the operator runs as a user holding only the generated ClusterRole, as its ServiceAccount would
const user = await env.addUser('redis-operator');
for (const doc of parseAllDocuments(readFileSync(here('../config/rbac/role.yaml'), 'utf8')))
  await admin.create(doc.toJS());
await admin.create({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRoleBinding',
  metadata: { name: 'redis-operator-manager-rolebinding' },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'manager-role' },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user.name }],
});
// the API server's RBAC authorizer sees a new binding a moment later (it reads from its own
// informers): wait until the operator's user can list its kind, so the demo's "0 forbidden"
// counts the operator's permissions, not that propagation
const asOperator = new ApiClient({ kubeConfig: user.kubeConfig });
await eventually(() => asOperator.list(RedisCluster, { limit: 1 }));
const app = await OperantFactory.create(configuredAppModule({ registryNamespace, resyncPeriodMs: 30_000 }), {
  manager: { kubeConfig: user.kubeConfig, logger: demoLogger() },
});
const running = app.start();
say('operator started (user redis-operator, bound to config/rbac/role.yaml)');

async function stopAll(code) {
  await app.stop();
  await running;
  await env.stop();
  say('stopped the operator and the control plane');
  process.exit(code);
}

try {
  const sample = parse(readFileSync(here('../config/samples/cache_v1_rediscluster.yaml'), 'utf8'));
  const key = { namespace: sample.metadata.namespace, name: sample.metadata.name };
  const ref = `${key.namespace}/${key.name}`;
  /** One line of what exists now. */
  const view = async () => {
    const rc = await admin.get(RedisCluster, key).catch(ignoreNotFound);
    const dep = await admin.get(Deployment, key).catch(ignoreNotFound);
    const svc = await admin.get(Service, key).catch(ignoreNotFound);
    const rec = await admin
      .get(ConfigMap, { namespace: registryNamespace, name: `${key.namespace}.${key.name}` })
      .catch(ignoreNotFound);
    const s = rc?.status;
    say(
      `  view: RedisCluster ${rc ? `size=${rc.spec.size} phase=${s?.phase} ready=${s?.readyNodes ?? 0}/${rc.spec.size} nodes=${s?.nodes?.length ?? 0} (${s?.conditions?.[0]?.message ?? '-'})` : 'gone'}`,
    );
    say(
      `        Deployment ${dep ? `replicas=${dep.spec.replicas} pods created=${dep.status?.replicas ?? 0} (no kubelet here: they stay Pending)` : 'gone'}; Service ${svc ? `${svc.spec.clusterIP}:${svc.spec.ports[0].port}` : 'gone'}; registry record ${rec ? `${registryNamespace}/${rec.metadata.name} → ${rec.data.address}` : 'gone'}`,
    );
  };
  const waitFor = (check) =>
    eventually(
      async () => {
        if (!(await check())) throw new Error('not yet');
      },
      60_000,
      200,
    );

  say(`apply config/samples/cache_v1_rediscluster.yaml: RedisCluster ${ref} size=3 image=${sample.spec.image}`);
  await admin.create(sample);
  await waitFor(async () => (await admin.get(RedisCluster, key)).status?.nodes?.length === 3);
  await view();

  say(`scale RedisCluster ${ref} to 5`);
  await admin.patch({ ...sample, metadata: { ...sample.metadata } }, mergePatch({ spec: { size: 5 } }));
  await waitFor(async () => (await admin.get(RedisCluster, key)).status?.nodes?.length === 5);
  await view();
  const { items } = await admin.list(Event, { namespace: key.namespace });
  for (const e of items.filter((i) => i.regarding?.name === key.name))
    say(`  event on ${e.regarding?.kind}: ${e.type} ${e.reason} "${e.note}" (by ${e.reportingController})`);

  if (flags.keep) {
    say('left running (--keep). Try:');
    console.log(`  export KUBECONFIG=${kubeconfig}`);
    console.log('  kubectl get redisclusters,deployments,services,pods -A');
    console.log(`  kubectl patch rediscluster ${key.name} -n ${key.namespace} --type merge -p '{"spec":{"size":2}}'`);
    console.log(`Stop with Ctrl-C (or kill -TERM ${process.pid}).`);
    const stop = () => void stopAll(0);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else {
    say(`delete RedisCluster ${ref}`);
    await admin.delete(await admin.get(RedisCluster, key));
    await waitFor(async () => (await admin.get(RedisCluster, key).catch(ignoreNotFound)) === undefined);
    say(
      "  the finalizer removed the registry record; kube-controller-manager's garbage collector removes the owned objects",
    );
    await waitFor(
      async () =>
        (await admin.get(Deployment, key).catch(ignoreNotFound)) === undefined &&
        (await admin.get(Service, key).catch(ignoreNotFound)) === undefined,
    );
    await view();
    const reconciles = (
      await app.manager.metrics.getSingleMetric('controller_runtime_reconcile_total').get()
    ).values.reduce((n, v) => n + v.value, 0);
    const codes = (await app.manager.metrics.getSingleMetric('rest_client_requests_total').get()).values;
    const forbidden = codes.filter((v) => v.labels.code === '403').reduce((n, v) => n + v.value, 0);
    say(
      `done: ${reconciles} reconciles, ${codes.reduce((n, v) => n + v.value, 0)} API requests, ${forbidden} forbidden`,
    );
    await stopAll(forbidden === 0 ? 0 : 1);
  }
} catch (err) {
  say(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll(1);
}
