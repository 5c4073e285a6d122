/**
 * Peer: the way TypeScript operators are written with @kubernetes/client-node today. Two
 * informers (`makeInformer`: Widgets, and ConfigMaps for the owner mapping) feed a
 * hand-rolled queue (a Set of pending keys, a Set of keys in flight, re-queue when dirty,
 * BENCH_WORKERS at a time, retry after 1 s on error). The reconcile reads the Widget from the
 * informer's cache, server-side applies `<name>-cm` (KubernetesObjectApi) and merge-patches
 * status (CustomObjectsApi). Restart on informer error, as the client-node examples do.
 * @module
 */
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
  makeInformer,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { counters, serveMem } from '../../harness/peer-stdin.mjs';
import { childConfigMap, converged, statusPatch } from '../../harness/workload.mjs';

const group = 'bench.operant.dev';
const version = 'v1';
const plural = 'widgets';
const workers = Number(process.env.BENCH_WORKERS ?? 16);

const kc = new KubeConfig();
kc.loadFromDefault();
const custom = kc.makeApiClient(CustomObjectsApi);
const core = kc.makeApiClient(CoreV1Api);
const objects = KubernetesObjectApi.makeApiClient(kc);

const widgets = makeInformer(kc, `/apis/${group}/${version}/${plural}`, () =>
  custom.listClusterCustomObject({ group, version, plural }),
);
const configMaps = makeInformer(kc, '/api/v1/configmaps', () => core.listConfigMapForAllNamespaces());

// the hand-rolled queue
const pending = new Set();
const active = new Set();
const dirty = new Set();
let running = 0;

function enqueue(key) {
  if (active.has(key)) {
    dirty.add(key);
    return;
  }
  pending.add(key);
  pump();
}

function pump() {
  while (running < workers && pending.size > 0) {
    const key = pending.values().next().value;
    pending.delete(key);
    active.add(key);
    running++;
    reconcile(key)
      .catch(() => setTimeout(() => enqueue(key), 1000))
      .finally(() => {
        active.delete(key);
        running--;
        if (dirty.delete(key)) pending.add(key);
        pump();
      });
  }
}

async function reconcile(key) {
  counters.reconciles++;
  const [namespace, name] = key.split('/');
  const w = widgets.get(name, namespace);
  if (w === undefined || converged(w)) return;
  await objects.patch(childConfigMap(w), undefined, undefined, 'bench', true, PatchStrategy.ServerSideApply);
  await custom.patchNamespacedCustomObjectStatus(
    { group, version, namespace, plural, name, body: statusPatch(w) },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  counters.writes += 2;
}

const keyOf = (o) => `${o.metadata.namespace}/${o.metadata.name}`;
for (const verb of ['add', 'update', 'delete']) {
  widgets.on(verb, (w) => enqueue(keyOf(w)));
  configMaps.on(verb, (cm) => {
    const owner = cm.metadata.ownerReferences?.find((o) => o.controller && o.kind === 'Widget');
    if (owner) enqueue(`${cm.metadata.namespace}/${owner.name}`);
  });
}
for (const informer of [widgets, configMaps]) {
  informer.on('error', () => setTimeout(() => informer.start().catch(() => undefined), 1000));
}
serveMem();
await Promise.all([widgets.start(), configMaps.start()]);
