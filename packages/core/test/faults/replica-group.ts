/**
 * Replicas of the sharded ConfigMap operator (fixtures/sharded-replica.mjs) as child
 * processes, for the sharding fault specs: start one (with its own environment), ask its
 * stats over IPC, read every replica's reconcile spans, wait until the objects converge or
 * the live replicas hold exactly the ranges the assignment gives them, and check that no
 * two replicas reconciled one object at once.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import { type KubeConfig, V1ConfigMap } from '@kubernetes/client-node';
import { ApiClient } from '../../src/client/api-client.js';
import { mergePatch } from '../../src/client/patch.js';
import { assignRanges } from '../../src/sharding/assign.js';
import { shardRanges } from '../../src/sharding/ranges.js';
import { cm, eventually, forEachLimited, newNamespace } from '../fixtures/helpers.js';
import { findOverlap, type Span, type SpanLine, spansOf } from './spans.js';

const script = fileURLToPath(new URL('../fixtures/sharded-replica.mjs', import.meta.url));

export interface Stats {
  identity: string;
  objects: number;
  held: number[];
  active: number[];
  releasing: number[];
  mode: 'server' | 'labels' | undefined;
  /** The readiness check `sharding`: `ok`, or its failure. */
  ready: string;
  /** `operant_shard_config_mismatch`, when the replica registers it. */
  mismatch: number | undefined;
}

export interface Replica {
  identity: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** When it exited (killed or stopped by itself); undefined while it runs. */
  exitedAt?: number;
  /** The last 200,000 characters of its stderr (its log). */
  log(): string;
  stats(): Promise<Stats>;
}

export interface ReplicaGroupOptions {
  api: ApiClient;
  namespace: string;
  kubeconfigFile: string;
  spansDir: string;
  /** How many objects the replicas share (the ConfigMaps labelled `suite=replicas`). */
  count: number;
}

export const now = () => performance.timeOrigin + performance.now();

/** Prints a scenario's figures as a `[faults] …` line and appends them to the fault figures file. */
export function report(scenario: string, figures: Record<string, unknown>): void {
  process.stderr.write(`[faults] ${scenario}: ${JSON.stringify(figures)}\n`);
  const file = process.env.FAULTS_FIGURES ?? join(tmpdir(), 'operant-faults-figures.jsonl');
  appendFileSync(file, `${JSON.stringify({ scenario, at: new Date().toISOString(), ...figures })}\n`);
}

export class ReplicaGroup {
  readonly replicas = new Map<string, Replica>();

  constructor(readonly options: ReplicaGroupOptions) {}

  /**
   * A new namespace `<prefix>-…` holding `count` ConfigMaps `cm-0000`, … (labelled
   * `suite=replicas`, `data.v` 1), a spans folder with the kubeconfig file in it, and the
   * group over them; `dispose` kills the replicas and removes the folder.
   */
  static async create(kubeConfig: KubeConfig, prefix: string, count: number): Promise<ReplicaGroup> {
    const api = new ApiClient({ kubeConfig });
    const namespace = await newNamespace(api, prefix);
    const spansDir = mkdtempSync(join(tmpdir(), `operant-shard-${prefix}-`));
    const kubeconfigFile = join(spansDir, 'kubeconfig');
    writeFileSync(kubeconfigFile, kubeConfig.exportConfig());
    const names = Array.from({ length: count }, (_, i) => `cm-${String(i).padStart(4, '0')}`);
    await forEachLimited(names, 32, (name) => api.create(cm(namespace, name, { v: '1' }, { suite: 'replicas' })));
    return new ReplicaGroup({ api, namespace, kubeconfigFile, spansDir, count });
  }

  /** `namespace/name` of every object the replicas share. */
  keys(): string[] {
    const { namespace, count } = this.options;
    return Array.from({ length: count }, (_, i) => `${namespace}/cm-${String(i).padStart(4, '0')}`);
  }

  /** Starts a replica; `env` adds to the fixture's environment (e.g. `RANGES`). */
  start(identity: string, env: Record<string, string> = {}): Replica {
    const { namespace, spansDir, kubeconfigFile } = this.options;
    const child = spawn(process.execPath, [script], {
      env: {
        ...process.env,
        NAMESPACE: namespace,
        IDENTITY: identity,
        SPANS_DIR: spansDir,
        KUBECONFIG_FILE: kubeconfigFile,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-200_000);
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        replica.exitedAt = now();
        resolve(code);
      }),
    );
    const stats = () =>
      new Promise<Stats>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${identity} did not answer stats; log:\n${log}`)), 10_000);
        child.once('message', (m) => {
          clearTimeout(timer);
          resolve(m as Stats);
        });
        child.send('stats');
      });
    const replica: Replica = { identity, child, exited, stats, log: () => log };
    this.replicas.set(identity, replica);
    return replica;
  }

  alive(): Replica[] {
    return [...this.replicas.values()].filter((r) => r.child.exitCode === null && r.child.signalCode === null);
  }

  spans(): Span[] {
    const dir = this.options.spansDir;
    return spansOf(
      readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .flatMap((f) =>
          readFileSync(join(dir, f), 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => JSON.parse(l) as SpanLine),
        ),
    );
  }

  /** The objects (of `keys`, if given) whose annotation `observed` is not `v`. */
  async behind(v: string, keys?: readonly string[]): Promise<string[]> {
    const { api, namespace } = this.options;
    const wanted = keys === undefined ? undefined : new Set(keys);
    const list = await api.list(V1ConfigMap, { namespace, labelSelector: 'suite=replicas' });
    return list.items
      .filter(
        (o) =>
          (wanted === undefined || wanted.has(`${namespace}/${o.metadata?.name}`)) &&
          o.metadata?.annotations?.observed !== v,
      )
      .map((o) => `${namespace}/${o.metadata?.name}`);
  }

  /** Waits until every object (of `keys`, if given) carries observed=v. */
  async converged(v: string, timeout: number, keys?: readonly string[]): Promise<void> {
    await eventually(async () => expect(await this.behind(v, keys)).toEqual([]), { timeout, interval: 1_000 });
  }

  /**
   * Waits until each live replica reconciles (and holds) exactly the ranges the assignment
   * gives it among the live replicas of `ranges`, and their caches partition the objects.
   */
  async settled(count: number, ranges: number, members = this.alive()): Promise<Stats[]> {
    let last: Stats[] = [];
    await eventually(
      async () => {
        last = await Promise.all(members.map((r) => r.stats()));
        expect(last).toHaveLength(count);
        const table = assignRanges(
          shardRanges(ranges),
          last.map((s) => s.identity),
        );
        for (const s of last) expect(s.active).toEqual(table.get(s.identity));
        expect(last.reduce((n, s) => n + s.active.length, 0)).toBe(ranges);
        expect(new Set(last.flatMap((s) => s.active)).size).toBe(ranges);
        expect(last.every((s) => s.held.length === s.active.length)).toBe(true);
        expect(last.reduce((n, s) => n + s.objects, 0)).toBe(this.options.count);
      },
      { timeout: 60_000, interval: 500 },
    );
    return last;
  }

  /** The number of spans; throws when two replicas' spans of one object overlap. */
  noOverlap(): number {
    const all = this.spans();
    const at = now();
    const overlap = findOverlap(all, (id) => this.replicas.get(id)?.exitedAt ?? at);
    if (overlap !== undefined) throw new Error(`two replicas reconciled one object at once: ${overlap}`);
    return all.length;
  }

  /** Sets data.v on each object of `keys`. */
  async bump(keys: readonly string[], v: string): Promise<void> {
    await forEachLimited([...keys], 24, (key) => {
      const [namespace, name] = key.split('/') as [string, string];
      return this.options.api.patch(cm(namespace, name), mergePatch({ data: { v } }));
    });
  }

  /** Kills every replica (a stopped one is continued first), waits for them to exit, and removes the spans folder. */
  async dispose(): Promise<void> {
    for (const r of this.replicas.values()) {
      if (r.child.signalCode === 'SIGSTOP') r.child.kill('SIGCONT');
      r.child.kill('SIGKILL');
      await r.exited;
    }
    rmSync(this.options.spansDir, { recursive: true, force: true });
  }
}
