/**
 * The floor: the Widget workload with no framework. One paged LIST and a watch of Widgets
 * (bookmarks, resume) and every write on one HTTP/2 connection (raw `node:http2`, as
 * client-go multiplexes); every event for a Widget whose status is behind
 * issues the two writes at once, at most BENCH_WORKERS at a time; a Map dedupes generations
 * in flight. No cache copies, no queue, no ConfigMap watch: the least work that does the job.
 * Environment: KUBECONFIG, BENCH_WORKERS.
 * @module
 */
import { connect } from '../../harness/kube-http.mjs';
import { counters, serveMem } from '../../harness/peer-stdin.mjs';
import { applyPath, childConfigMap, converged, statusPatch, statusPath, WIDGETS } from '../../harness/workload.mjs';

const workers = Number(process.env.BENCH_WORKERS ?? 16);
const kube = connect(process.env.KUBECONFIG, { http2: true });
const inFlight = new Map(); // key -> generation being written
const latest = new Map(); // key -> newest Widget seen while one was in flight
let running = 0;
const waiting = [];

async function reconcile(w) {
  counters.reconciles++;
  for (;;) {
    try {
      await kube.must('PATCH', applyPath(w), childConfigMap(w), 'application/apply-patch+yaml');
      await kube.must('PATCH', statusPath(w), statusPatch(w), 'application/merge-patch+json');
      counters.writes += 2;
      return;
    } catch (err) {
      if (err.status === 404) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function schedule(w) {
  const key = `${w.metadata.namespace}/${w.metadata.name}`;
  if (inFlight.has(key)) {
    if (inFlight.get(key) !== w.metadata.generation) latest.set(key, w);
    return;
  }
  inFlight.set(key, w.metadata.generation);
  const run = async () => {
    running++;
    let next = w;
    while (next !== undefined) {
      await reconcile(next);
      next = latest.get(key);
      latest.delete(key);
      if (next !== undefined && converged(next)) next = undefined;
      if (next !== undefined) inFlight.set(key, next.metadata.generation);
    }
    inFlight.delete(key);
    running--;
    waiting.shift()?.();
  };
  if (running < workers) run();
  else waiting.push(run);
}

serveMem();
kube.informer(WIDGETS, (type, w) => {
  if (type !== 'DELETED' && !converged(w)) schedule(w);
});
