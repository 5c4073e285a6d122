/**
 * The frameworks under test: how each is prepared (built or installed outside the repo's
 * workspace), started, and which versions it runs. `prepare()` returns `{ ok, versions }` or
 * `{ ok: false, reason }` with the command and its error, which the report prints.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const peersDir = join(root, 'bench/peers');
export const cacheDir = join(os.homedir(), '.cache/operant/bench');
const venv = join(cacheDir, 'venv');
const crBinary = join(cacheDir, 'bin/controller-runtime');

function run(cmd, args, options = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options }).trim();
}

function failure(cmd, args, err) {
  const stderr = String(err.stderr ?? err.message)
    .trim()
    .split('\n')
    .slice(-4)
    .join(' | ');
  return { ok: false, reason: `\`${[cmd, ...args].join(' ')}\` failed: ${stderr}` };
}

function attempt(cmd, args, options) {
  try {
    run(cmd, args, options);
    return undefined;
  } catch (err) {
    return failure(cmd, args, err);
  }
}

const pkgVersion = (dir, name) =>
  JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;

/**
 * Every Node peer runs with the V8 heap flags the scaffold's Dockerfile ships: the
 * young-generation cap (`--max-semi-space-size=1`; without it V8 sizes the semi-spaces from
 * this 24 GiB host and the peak RSS of every Node peer says more about the host than about
 * the peer) and the old generation's growth between full collections
 * (`--heap-growing-percent=50`; V8's own factor goes up to 4× the live size).
 * `BENCH_SEMI_SPACE=<MiB>` sets another cap, `BENCH_SEMI_SPACE=default` leaves V8's sizing;
 * `BENCH_HEAP_GROWING=<percent>` another growth, `BENCH_HEAP_GROWING=default` V8's.
 */
export const heapFlags = () => {
  const cap = process.env.BENCH_SEMI_SPACE ?? '1';
  const growing = process.env.BENCH_HEAP_GROWING ?? '50';
  return [
    ...(cap === 'default' ? [] : [`--max-semi-space-size=${cap}`]),
    ...(growing === 'default' ? [] : [`--heap-growing-percent=${growing}`]),
  ];
};
/** `BENCH_NODE_FLAGS="<flags>"` adds node flags to every Node peer (a preloaded profiler, a V8 option to try). */
export const extraNodeFlags = () => (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
const nodeFlags = (o) => [
  '--expose-gc',
  ...heapFlags(),
  ...extraNodeFlags(),
  ...(o?.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`] : []),
];

function operantVersions() {
  const core = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8'));
  let commit = 'unknown';
  try {
    commit = run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
  } catch {}
  return {
    '@operant/core': `${core.version} (${commit})`,
    '@kubernetes/client-node': core.dependencies['@kubernetes/client-node'],
    node: process.version,
  };
}

let crBuilt;
function buildControllerRuntime() {
  if (crBuilt) return crBuilt;
  const dir = join(peersDir, 'controller-runtime');
  const failed = attempt('go', ['build', '-o', crBinary, '.'], { cwd: dir });
  if (failed) {
    crBuilt = failed;
    return crBuilt;
  }
  const mods = run('go', ['list', '-m', 'all'], { cwd: dir }).split('\n');
  const pick = (m) => mods.find((l) => l.startsWith(`${m} `))?.split(' ')[1];
  crBuilt = {
    ok: true,
    versions: {
      'sigs.k8s.io/controller-runtime': pick('sigs.k8s.io/controller-runtime'),
      'k8s.io/client-go': pick('k8s.io/client-go'),
      go: run('go', ['env', 'GOVERSION']),
    },
  };
  return crBuilt;
}

function npmPeer(dir, names) {
  const failed = attempt('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  if (failed) return failed;
  return {
    ok: true,
    versions: { ...Object.fromEntries(names.map((n) => [n, pkgVersion(dir, n)])), node: process.version },
  };
}

function kopfPeer() {
  const python = join(venv, 'bin/python');
  if (!existsSync(python)) {
    const failed = attempt('python3', ['-m', 'venv', venv]);
    if (failed) return failed;
  }
  const req = join(peersDir, 'kopf/requirements.txt');
  const failed = attempt(join(venv, 'bin/pip'), ['install', '-q', '-r', req]);
  if (failed) return failed;
  const freeze = run(join(venv, 'bin/pip'), ['freeze']).split('\n');
  const pick = (n) => freeze.find((l) => l.toLowerCase().startsWith(`${n}==`))?.split('==')[1];
  return {
    ok: true,
    versions: {
      kopf: pick('kopf'),
      aiohttp: pick('aiohttp'),
      python: run(python, ['--version']).replace('Python ', ''),
    },
  };
}

export const PEERS = [
  {
    id: 'floor',
    label: 'floor (raw list + watch)',
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'floor/main.mjs')]],
    prepare: () => ({ ok: true, versions: { node: process.version } }),
  },
  {
    id: 'operant-builder',
    label: 'Operant (builder)',
    env: { OPERANT_LOG_LEVEL: 'error' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-dependent',
    label: 'Operant (dependent): the child ConfigMap as a dependent',
    env: { OPERANT_LOG_LEVEL: 'error' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/dependent.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-h1',
    label: 'Operant (builder) on the HTTP/1.1 keep-alive pool (DISABLE_HTTP2=1)',
    env: { OPERANT_LOG_LEVEL: 'error', DISABLE_HTTP2: '1' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-no-ryow',
    label: 'Operant (builder), readYourWrites: false [before/after]',
    env: { OPERANT_LOG_LEVEL: 'error', BENCH_READ_YOUR_WRITES: '0' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-causes',
    label: 'Operant (builder), recordCauses: true',
    env: { OPERANT_LOG_LEVEL: 'error', BENCH_RECORD_CAUSES: '1' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-causes-sdk',
    label: 'Operant (builder), recordCauses: true, OpenTelemetry SDK sampling every trace',
    env: { OPERANT_LOG_LEVEL: 'error', BENCH_RECORD_CAUSES: '1', BENCH_OTEL_SDK: '1' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-causes-sdk-simple',
    label:
      'Operant (builder), recordCauses: true, OpenTelemetry SDK sampling every trace, each span exported as it ends',
    env: { OPERANT_LOG_LEVEL: 'error', BENCH_RECORD_CAUSES: '1', BENCH_OTEL_SDK: '1', BENCH_OTEL_PROCESSOR: 'simple' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-single-gc',
    label: 'Operant (builder), node --single-threaded-gc [before/after]',
    env: { OPERANT_LOG_LEVEL: 'error' },
    command: (o) => [
      process.execPath,
      [...nodeFlags(o), '--single-threaded-gc', join(peersDir, 'operant/builder.mjs')],
    ],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-flags',
    label: `Operant (builder), node ${process.env.BENCH_OPERANT_FLAGS ?? '(BENCH_OPERANT_FLAGS unset)'} [before/after]`,
    env: { OPERANT_LOG_LEVEL: 'error' },
    command: (o) => [
      process.execPath,
      [
        ...nodeFlags(o),
        ...(process.env.BENCH_OPERANT_FLAGS ?? '').split(' ').filter((f) => f !== ''),
        join(peersDir, 'operant/builder.mjs'),
      ],
    ],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-plain-queue',
    label: 'Operant (builder), usePriorityQueue: false (plain FIFO queue)',
    env: { OPERANT_LOG_LEVEL: 'error', BENCH_PRIORITY_QUEUE: '0' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-semi1',
    label: 'Operant (builder), node --max-semi-space-size=1 [before/after]',
    env: { OPERANT_LOG_LEVEL: 'error', NODE_OPTIONS: '--max-semi-space-size=1' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/builder.mjs')]],
    prepare: () => ({ ok: true, versions: operantVersions() }),
  },
  {
    id: 'operant-decorators',
    label: 'Operant (decorators)',
    env: { OPERANT_LOG_LEVEL: 'error' },
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'operant/dist/decorators.js')]],
    prepare: () => {
      const tsc = join(root, 'node_modules/.bin/tsc');
      return attempt(tsc, ['-p', join(peersDir, 'operant/tsconfig.json')]) ?? { ok: true, versions: operantVersions() };
    },
  },
  {
    id: 'cr-tuned',
    label: 'controller-runtime (tuned-equal)',
    env: { BENCH_PROFILE: 'tuned' },
    command: () => [crBinary, []],
    prepare: buildControllerRuntime,
  },
  {
    id: 'cr-default',
    label: 'controller-runtime (defaults: 1 worker)',
    env: { BENCH_PROFILE: 'default' },
    command: () => [crBinary, []],
    prepare: buildControllerRuntime,
  },
  {
    id: 'client-node',
    label: 'client-node informer + hand-rolled queue',
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'client-node-informer/main.mjs')]],
    prepare: () => npmPeer(join(peersDir, 'client-node-informer'), ['@kubernetes/client-node']),
  },
  {
    id: 'dot-i',
    label: '@dot-i/k8s-operator',
    command: (o) => [process.execPath, [...nodeFlags(o), join(peersDir, 'dot-i-k8s-operator/main.mjs')]],
    prepare: () => npmPeer(join(peersDir, 'dot-i-k8s-operator'), ['@dot-i/k8s-operator', '@kubernetes/client-node']),
  },
  {
    id: 'kopf',
    label: 'kopf (defaults: no worker limit)',
    command: () => [join(venv, 'bin/python'), [join(peersDir, 'kopf/widget_peer.py')]],
    prepare: kopfPeer,
  },
];

PEERS.push({
  ...PEERS.find((p) => p.id === 'kopf'),
  id: 'kopf-limited',
  label: 'kopf (worker_limit = 16)',
  env: { BENCH_KOPF_LIMIT: '1' },
});

export const peerById = (id) => PEERS.find((p) => p.id === id);
