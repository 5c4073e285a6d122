/**
 * A fresh control plane per (scenario, peer): envtest's etcd + kube-apiserver from
 * `@operant/testing`, pinned to core 0 (`taskset`), GOMAXPROCS=1, with the Widget CRD and the
 * bench namespaces; a raw client for the load generator; `apiserver_request_total` scrapes.
 * @module
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { connect } from './kube-http.mjs';
import { crd, WIDGETS } from './workload.mjs';

const testing = await import(new URL('../../packages/testing/dist/index.js', import.meta.url).href);

export const NAMESPACES = 10;
export const canPin = os.availableParallelism() >= 2 && hasTaskset();
export const CONTROL_PLANE_CPUS = '0';
export const CONTROLLER_CPUS = '1';

function hasTaskset() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins a process and all its threads to `cpus` (no-op without taskset or with one core). */
export function pin(pid, cpus) {
  if (!canPin || pid === undefined) return;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  } catch {}
}

/** Sums `apiserver_request_total` by `verb resource[/subresource]` for the bench's resources. */
export function parseRequestTotals(text) {
  const totals = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('apiserver_request_total{')) continue;
    const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (labels.resource !== 'widgets' && labels.resource !== 'configmaps') continue;
    const key = `${labels.verb} ${labels.resource}${labels.subresource ? `/${labels.subresource}` : ''}`;
    totals[key] = (totals[key] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return totals;
}

export async function startControlPlane() {
  process.env.GOMAXPROCS = '1';
  const env = new testing.Environment({});
  await env.start();
  const pinAll = () => {
    for (const pid of Object.values(env.pids())) pin(pid, CONTROL_PLANE_CPUS);
  };
  pinAll();
  const kubeconfig = await env.writeKubeconfig();
  const kube = connect(kubeconfig);
  await kube.must('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
  for (;;) {
    const res = await kube.request('GET', `${WIDGETS}?limit=1`);
    if (res.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (let i = 0; i < NAMESPACES; i++) {
    await kube.must('POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: `bench-${i}` },
    });
  }
  return {
    env,
    kube,
    kubeconfig,
    pids: () => env.pids(),
    async requestTotals() {
      const res = await kube.must('GET', '/metrics');
      return parseRequestTotals(res);
    },
    async restartApiServer() {
      await env.restartApiServer();
      pinAll();
    },
    async version() {
      return (await kube.must('GET', '/version')).gitVersion;
    },
    async stop() {
      kube.close();
      await env.stop();
    },
  };
}

/** Widget name and namespace of object i: spread over the bench namespaces. */
export const widgetKey = (i) => ({ namespace: `bench-${i % NAMESPACES}`, name: `w-${i}` });
