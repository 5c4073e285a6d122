// temporary: CPU per thread of a peer during an S2 burst
import { readdirSync, readFileSync } from 'node:fs';
import { startControlPlane } from './harness/control-plane.mjs';
import { createWidgets, Observer } from './harness/loadgen.mjs';
import { startPeer } from './harness/peer-process.mjs';
import { peerById } from './harness/peers.mjs';

const n = Number(process.argv[3] ?? 2000);
const peer = peerById(process.argv[2] ?? 'operant-builder');
function threads(pid) {
  const out = new Map();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+$/, '#');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(comm, (out.get(comm) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
    } catch {}
  }
  return out;
}
const plane = await startControlPlane();
const observer = new Observer(plane.kube);
await observer.informer.synced;
const proc = startPeer(peer, {
  kubeconfig: plane.kubeconfig,
  workers: 16,
  extraEnv: process.env.PEER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PEER_NODE_OPTIONS } : {},
});
await plane.kube.must('POST', '/apis/bench.operant.dev/v1/namespaces/bench-0/widgets', {
  apiVersion: 'bench.operant.dev/v1',
  kind: 'Widget',
  metadata: { namespace: 'bench-0', name: 'warmup' },
  spec: { replicas: 1, data: 'warmup' },
});
await observer.waitConverged(1, 60000, () => false);
const t0 = threads(proc.pid);
const started = performance.now();
await createWidgets(plane.kube, 0, n);
await observer.waitConverged(n + 1, 300000, () => false);
const secs = (performance.now() - started) / 1000;
const t1 = threads(proc.pid);
let total = 0;
const rows = [...t1].map(([k, v]) => [k, v - (t0.get(k) ?? 0)]).sort((a, b) => b[1] - a[1]);
for (const [, v] of rows) total += v;
console.log(
  `${peer.id} n=${n} converge ${secs.toFixed(2)} s, CPU ${total.toFixed(2)} s = ${((total / n) * 1000).toFixed(2)} CPU-s/1k, peak RSS ${(proc.peakRss / 2 ** 20).toFixed(1)} MiB`,
);
for (const [k, v] of rows)
  if (v > 0) console.log(`  ${k.padEnd(18)} ${v.toFixed(2)} s (${((100 * v) / total).toFixed(0)}%)`);
observer.stop();
await proc.stop();
await plane.stop();
