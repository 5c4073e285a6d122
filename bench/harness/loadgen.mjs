/**
 * The load generator and measurer, one for every peer: it writes Widgets (and ConfigMaps for
 * the memory scenario) through the raw client, timestamps its writes, and sees convergence
 * through its own watch of Widgets (framework-independent end-to-end latency): a Widget is
 * converged when status.ready and status.observedGeneration == metadata.generation.
 * @module
 */
import { widgetKey } from './control-plane.mjs';
import { converged, WIDGETS } from './workload.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Observer {
  constructor(kube) {
    this.kube = kube;
    this.state = new Map(); // key -> converged generation or 0
    this.convergedCount = 0;
    this.pending = new Map(); // key -> { generation, t0 }
    this.latencies = [];
    this.timeline = []; // [seconds since mark, converged count]
    this.mark = performance.now();
    this.waiters = new Set();
    this.informer = kube.informer(WIDGETS, (type, w) => this.onEvent(type, w));
  }

  onEvent(type, w) {
    const key = `${w.metadata.namespace}/${w.metadata.name}`;
    const was = this.state.get(key) ?? 0;
    const now = type === 'DELETED' ? 0 : converged(w) ? w.metadata.generation : 0;
    if (type === 'DELETED') this.state.delete(key);
    else this.state.set(key, now);
    if (was > 0 !== now > 0) {
      this.convergedCount += now > 0 ? 1 : -1;
      this.timeline.push([(performance.now() - this.mark) / 1000, this.convergedCount]);
    }
    const p = this.pending.get(key);
    if (p !== undefined && now >= p.generation) {
      this.latencies.push(performance.now() - p.t0);
      this.pending.delete(key);
    }
    for (const waiter of this.waiters) waiter();
  }

  /** Restarts the timeline clock. */
  resetClock() {
    this.mark = performance.now();
    this.timeline = [[0, this.convergedCount]];
  }

  /** Resolves true once `count` Widgets are converged, false after `timeoutMs`. */
  waitConverged(count, timeoutMs, isDead = () => false) {
    return new Promise((resolve) => {
      const check = () => {
        if (this.convergedCount >= count) finish(true);
      };
      const deadline = setTimeout(() => finish(false), timeoutMs);
      const poll = setInterval(() => {
        if (isDead()) finish(false);
      }, 500);
      const finish = (ok) => {
        clearTimeout(deadline);
        clearInterval(poll);
        this.waiters.delete(check);
        resolve(ok);
      };
      this.waiters.add(check);
      check();
    });
  }

  stop() {
    this.informer.stop();
  }
}

/** Runs `fn(i)` for i in [from, to) with `concurrency` in flight. */
export async function forEachConcurrent(from, to, concurrency, fn) {
  let next = from;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < to) await fn(next++);
    }),
  );
}

/** Writes with retry on connection errors and 5xx/429 (the API server may be restarting). */
async function retrying(kube, method, path, body, contentType, okStatuses = []) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await kube.request(method, path, body, contentType);
      if ((res.status >= 200 && res.status < 300) || okStatuses.includes(res.status)) return res;
      if (res.status < 500 && res.status !== 429) {
        throw new Error(`unable to ${method} ${path}: ${res.status} ${res.body?.message ?? ''}`);
      }
    } catch (err) {
      if (attempt > 600 || String(err.message).startsWith('unable to')) throw err;
    }
    await sleep(100);
  }
}

export const widgetBody = (i, data = 'x'.repeat(64)) => {
  const { namespace, name } = widgetKey(i);
  return {
    apiVersion: 'bench.operant.dev/v1',
    kind: 'Widget',
    metadata: { namespace, name },
    spec: { replicas: 1 + (i % 3), data },
  };
};

const widgetsPath = (ns) => WIDGETS.replace('/widgets', `/namespaces/${ns}/widgets`);

/** Creates Widgets [from, to); `onCreated(i)` after each. AlreadyExists counts as created (retries). */
export async function createWidgets(kube, from, to, { concurrency = 32, observer, onCreated } = {}) {
  await forEachConcurrent(from, to, concurrency, async (i) => {
    const body = widgetBody(i);
    const t0 = performance.now();
    if (observer) observer.pending.set(`${body.metadata.namespace}/${body.metadata.name}`, { generation: 1, t0 });
    await retrying(kube, 'POST', widgetsPath(body.metadata.namespace), body, 'application/json', [409]);
    onCreated?.(i);
  });
}

/** Changes Widget i's spec (a new generation); records the write's time for the latency. */
export async function touchWidget(kube, observer, i) {
  const { namespace, name } = widgetKey(i);
  const key = `${namespace}/${name}`;
  const t0 = performance.now();
  const res = await retrying(
    kube,
    'PATCH',
    `${widgetsPath(namespace)}/${name}`,
    { spec: { data: `d-${Math.random().toString(36).slice(2)}` } },
    'application/merge-patch+json',
  );
  const generation = res.body.metadata.generation;
  if ((observer.state.get(key) ?? 0) >= generation) observer.latencies.push(performance.now() - t0);
  else observer.pending.set(key, { generation, t0 });
}

/**
 * Creates the ConfigMaps `filler-<i>` of ~1 KB (not owned by any Widget) for i in [from, to),
 * `concurrency` requests in flight: the memory scenario's and the scale profile's.
 */
export async function createConfigMaps(kube, to, { from = 0, concurrency = 32 } = {}) {
  const payload = 'x'.repeat(700);
  await forEachConcurrent(from, to, concurrency, async (i) => {
    const ns = `bench-${i % 10}`;
    await retrying(
      kube,
      'POST',
      `/api/v1/namespaces/${ns}/configmaps`,
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: ns, name: `filler-${i}` }, data: { payload } },
      'application/json',
      [409],
    );
  });
}

/** Final-state check by paged LIST: converged Widgets and child ConfigMaps present. */
export async function verify(kube, expected) {
  let widgets = 0;
  let ok = 0;
  await kube.listPages(WIDGETS, (items) => {
    for (const w of items) {
      widgets++;
      if (converged(w)) ok++;
    }
  });
  let children = 0;
  await kube.listPages('/api/v1/configmaps', (items) => {
    for (const cm of items) if (cm.metadata.name.endsWith('-cm')) children++;
  });
  return { expected, widgets, converged: ok, children, lost: expected - Math.min(ok, children) };
}

/** p-th percentile (0..100) of numbers, nearest rank. */
export function percentile(xs, p) {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** At most `max` points of a [seconds, count] timeline (always the last), for results.json. */
export function thin(timeline, max = 300) {
  if (timeline.length <= max) return timeline;
  const step = timeline.length / max;
  const out = [];
  for (let i = 0; i < max; i++) out.push(timeline[Math.floor(i * step)]);
  out.push(timeline[timeline.length - 1]);
  return out.map(([t, n]) => [Math.round(t * 1000) / 1000, n]);
}
