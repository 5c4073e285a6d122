/**
 * `pnpm bench [--full | --smoke | --profile quick|full|smoke|scale] [--peers a,b] [--scenarios S1,S2]
 * [--reps n] [--scale f] [--out dir] [--no-charts] [--cpu-prof] [--note text]`: prepares the peers, runs every
 * scenario for every peer on a fresh control plane (order interleaved per repetition; S7's idle runs side by
 * side), and writes `results.json`, `report.md` and SVG charts (`charts.mjs`) to
 * `bench/results/<date>/` (or `--out`). `--profile scale` runs the parts of `scale.mjs`
 * instead (`--scenarios scale-burst,scale-cache,scale-cold`), at the sizes of `profiles.mjs` or
 * `--scale-ns 1000,5000`, `--scale-configmaps 10000,30000`, `--scale-cold-ns 1000,20000`.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canPin, startControlPlane } from './control-plane.mjs';
import { summarizeCpuProfile } from './cpu-profile.mjs';
import { thin } from './loadgen.mjs';
import { extraNodeFlags, heapFlags, peerById } from './peers.mjs';
import { PROFILES } from './profiles.mjs';
import { scenarioSection, writeReport } from './report.mjs';
import { runScale, SCALE_PARTS } from './scale.mjs';
import { scaleSection } from './scale-report.mjs';
import { SCENARIOS } from './scenarios.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
};
const profileName = option('profile') ?? (flag('smoke') ? 'smoke' : flag('full') ? 'full' : 'quick');
const profile = PROFILES[profileName];
if (profile === undefined) throw new Error(`unknown profile ${profileName} (${Object.keys(PROFILES).join(', ')})`);
const peerIds = option('peers')?.split(',') ?? profile.peers;
const scenarioIds = option('scenarios')?.split(',') ?? profile.scenarios ?? Object.keys(SCENARIOS);
const reps = Number(option('reps') ?? profile.reps);
const scale = Number(option('scale') ?? 1);
const root = fileURLToPath(new URL('../../', import.meta.url));
const date = new Date().toISOString().slice(0, 10);
const outDir = option('out') ?? join(root, 'bench/results', date);
const log = (msg) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

const sized = (id) => {
  const s = { ...profile[id] };
  for (const k of ['n', 'configMaps']) if (s[k] !== undefined) s[k] = Math.max(10, Math.round(s[k] * scale));
  return { workers: profile.workers, timeoutMs: profile.timeoutMs, ...s };
};

/** The scale profile's sizes of one part, with a `--<flag> 1000,5000` list in place of `key`. */
const scaleSized = (part, key, name) => {
  const list = option(name)?.split(',').map(Number);
  if (list?.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--${name} takes sizes like 1000,5000`);
  return { workers: profile.workers, timeoutMs: profile.timeoutMs, ...profile[part], ...(list ? { [key]: list } : {}) };
};

function hostFacts() {
  const sh = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    kernel: os.release(),
    loadavgAtStart: os.loadavg().map((x) => x.toFixed(2)),
    pinning: canPin ? 'control plane + load generator on core 0, controller on core 1 (taskset)' : 'none',
    nodePeerFlags: ['--expose-gc', ...heapFlags(), ...extraNodeFlags()].join(' '),
    etcd: sh(join(os.homedir(), '.cache/operant/envtest/1.37.2-linux-amd64/etcd'), ['--version']).split('\n')[0],
  };
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const started = new Date();
  const peers = {};
  for (const id of peerIds) {
    const peer = peerById(id);
    if (peer === undefined) throw new Error(`unknown peer ${id}`);
    log(`preparing ${id}`);
    peers[id] = { label: peer.label, ...peer.prepare() };
    if (!peers[id].ok) log(`  ${id} cannot run: ${peers[id].reason}`);
  }
  const runnable = peerIds.filter((id) => peers[id].ok);
  const host = hostFacts();
  const probe = await startControlPlane();
  host.kubeApiserver = await probe.version();
  await probe.stop();
  const runs = [];
  const sizes = {};
  // The first runs of a session are slower in the control plane (the load generator's creates
  // take up to twice as long, for every peer alike): one unmeasured S2 of the first peer first.
  if (profileName !== 'smoke' && profileName !== 'scale' && !flag('no-warmup') && runnable.length > 0) {
    log(`warm-up: one unmeasured S2 of ${runnable[0]}`);
    await SCENARIOS.S2.run(peerById(runnable[0]), sized('S2')).catch((err) => log(`warm-up failed: ${err.message}`));
  }
  if (profileName === 'scale') {
    sizes['scale-burst'] = scaleSized('scale-burst', 'ns', 'scale-ns');
    sizes['scale-cache'] = scaleSized('scale-cache', 'configMaps', 'scale-configmaps');
    sizes['scale-cold'] = scaleSized('scale-cold', 'ns', 'scale-cold-ns');
    const parts = scenarioIds.filter((id) => SCALE_PARTS.includes(id));
    runs.push(...(await runScale({ parts, peerIds: runnable, sizes, reps, log })));
  }
  for (const sid of profileName === 'scale' ? [] : scenarioIds) {
    const scenario = SCENARIOS[sid];
    sizes[sid] = sized(sid);
    for (let rep = 0; rep < reps; rep++) {
      const order = rep % 2 === 0 ? runnable : [...runnable].reverse();
      const one = async (id, extra = {}) => {
        const t0 = performance.now();
        try {
          const metrics = await scenario.run(peerById(id), { ...sizes[sid], ...extra });
          log(`${sid} ${id} rep ${rep}: ${brief(metrics)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
          runs.push({ scenario: sid, peer: id, rep, metrics });
        } catch (err) {
          log(`${sid} ${id} rep ${rep}: error ${err.message}`);
          runs.push({ scenario: sid, peer: id, rep, error: String(err.message) });
        }
      };
      if (sid === 'S7') await Promise.all(order.map((id, i) => one(id, { staggerMs: i * 3000 })));
      else for (const id of order) await one(id);
    }
  }
  let cpuProfile;
  if (flag('cpu-prof')) cpuProfile = await profileOperant(sized('S2'));
  for (const r of runs) if (r.metrics?.timeline) r.metrics.timeline = thin(r.metrics.timeline);
  const results = {
    profile: profileName,
    reps,
    scale,
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    host: { ...host, loadavgAtEnd: os.loadavg().map((x) => x.toFixed(2)) },
    sizes,
    peers,
    runs,
    cpuProfile,
    note: option('note'),
  };
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const charts = flag('no-charts') ? [] : await drawCharts(outDir, results);
  writeReport(outDir, results, charts);
  if (scenarioIds.includes('S8')) process.stderr.write(`\n${scenarioSection(results, 'S8')}\n\n`);
  if (profileName === 'scale') process.stderr.write(`\n${scaleSection(results)}\n`);
  log(`wrote ${join(outDir, 'report.md')}`);
}

/** S2 once more for Operant (builder) under `node --cpu-prof`; top self-time functions. */
async function profileOperant(size) {
  const dir = join(outDir, 'cpu-profile');
  mkdirSync(dir, { recursive: true });
  log('S2 operant-builder under --cpu-prof');
  const metrics = await SCENARIOS.S2.run(peerById('operant-builder'), { ...size, cpuProfDir: dir });
  return {
    seconds: metrics.seconds,
    cpuSeconds: metrics.cpuSeconds,
    cpuSecondsByThread: metrics.cpuSecondsByThread,
    ...summarizeCpuProfile(dir),
  };
}

/** The charts, loaded only now (the runs measured without them); a failure costs the charts, not the report. */
async function drawCharts(dir, results) {
  try {
    const { writeCharts } = await import('./charts.mjs');
    return await writeCharts(dir, results);
  } catch (err) {
    log(`unable to draw the charts in ${dir}: ${err.message}`);
    return [];
  }
}

function brief(m) {
  const parts = [];
  if (m.seconds !== undefined) parts.push(`${m.seconds.toFixed(2)} s`);
  if (m.p99Ms !== undefined) parts.push(`p50 ${m.p50Ms?.toFixed(1)} ms p99 ${m.p99Ms?.toFixed(1)} ms`);
  if (m.heapPerObject !== undefined) parts.push(`heap ${m.heapPerObject?.toFixed(0)} B/obj`);
  if (m.rssPerObject !== undefined) parts.push(`RSS ${m.rssPerObject.toFixed(0)} B/obj`);
  if (m.latencyMs !== undefined)
    parts.push(`change → reconciled ${m.latencyMs.toFixed(1)} ms, ${m.convergedBefore} others first`);
  if (m.firstMs !== undefined) parts.push(`latency ${JSON.stringify(m.latenciesMs?.map((x) => x?.toFixed(1)))}`);
  if (m.requestsPerReconcile !== undefined) parts.push(`${m.requestsPerReconcile.toFixed(2)} req/reconcile`);
  parts.push(m.ok ? 'ok' : 'NOT OK');
  if (m.exit) parts.push(m.exit);
  return parts.join(', ');
}

await main();
process.exit(0);
