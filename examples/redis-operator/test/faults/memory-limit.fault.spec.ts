/**
 * The memory limit the example deploys with, for real: the example's dist/main.js runs as
 * its container would (the Dockerfile's node flags, the manifest's args and env) inside a
 * memory cgroup whose limit is the manager container's `resources.limits.memory` from
 * config/manager/manager.yaml, and takes a burst of 500 RedisClusters (each a Deployment,
 * a Service and a registry record, with kube-controller-manager making ReplicaSets and Pods
 * whose status the operator watches). It must come through alive (no OOM kill: the
 * group's oom_kill count is 0 and the process has not exited), still ready, converge every
 * cluster with nothing lost, and stop cleanly on SIGTERM. The limit must also keep its
 * sizing rule: what the process held beside V8's heap at its peak, plus a heap grown to
 * V8's limit (the Dockerfile caps it at half the limit), fits in it. The figures (peak RSS,
 * peak heap, the group's peak usage) are the ones docs/deployment.md sizes the limit from.
 *
 * `pnpm memory` runs this file alone with other settings, to measure: MEMORY_LIMIT (`none`,
 * or a quantity such as `192Mi`; default: the manifest's), MEMORY_OBJECTS (default 500),
 * MEMORY_NODE_FLAGS (default: the Dockerfile's).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ApiClient } from '@operant/core/client';
import { eventually } from '@operant/testing';
import { describeOrSkip, useControlPlane } from '@operant/testing/jest';
import { report } from './fixtures/figures.js';
import { Fleet } from './fixtures/fleet.js';
import { type MainProcess, spawnMain } from './fixtures/main-process.js';
import { parseQuantity, readManagerContainer } from './fixtures/manager-container.js';
import { MemoryCgroup, memoryCgroupSkipReason } from './fixtures/memory-cgroup.js';
import { faultControlPlane } from './fixtures/scenario.js';

const container = readManagerContainer();
const setting = process.env.MEMORY_LIMIT ?? 'manifest';
const limitBytes =
  setting === 'none' ? undefined : setting === 'manifest' ? container.memoryLimitBytes : parseQuantity(setting);
const objects = Number(process.env.MEMORY_OBJECTS ?? 500);
// the control plane of this 2-core machine converges ~13 RedisClusters/s when quiet (10,000 take
// ~13 minutes) and ~8/s beside other work: 200 ms per cluster leaves room for both
const convergeTimeoutMs = Math.max(300_000, objects * 200);
const nodeFlags = process.env.MEMORY_NODE_FLAGS?.split(' ').filter((f) => f !== '') ?? container.nodeFlags;
// Every cluster has a Service: size the ClusterIP range from the burst (envtest's default, a /24,
// has 254 addresses; a /20 runs out at ~4,000 clusters with "range is full").
const prefix = Math.max(12, Math.min(24, 32 - Math.ceil(Math.log2(objects + 64))));
const { options, skip } = faultControlPlane({
  apiServerFlags: { 'service-cluster-ip-range': `10.0.0.0/${prefix}` },
});
const podNamespace = 'memory-system';
const MiB = 2 ** 20;
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;

/** Creates `count` clusters with `parallel` writers at once: a sharper burst than one at a time. */
async function createMany(fleet: Fleet, count: number, parallel: number): Promise<void> {
  let left = count;
  const writer = async () => {
    while (left-- > 0) await fleet.create();
  };
  await Promise.all(Array.from({ length: parallel }, writer));
}

const limitName = limitBytes === undefined ? 'no limit' : `${mib(limitBytes)} MiB`;
describeOrSkip(
  `fault: a ${objects}-object burst within the memory limit (${limitName})`,
  skip ?? memoryCgroupSkipReason(),
  () => {
    const env = useControlPlane(options);
    let cgroup: MemoryCgroup;
    let main: MainProcess;
    let fleet: Fleet;

    const ready = async () => (await fetch(`http://${main.probeAddress}/readyz`)).status;

    /** `work`, unless the operator dies first: then its death (code, signal, V8's fatal error) and output. */
    const untilDeath = <T>(work: Promise<T>, when: string): Promise<T> =>
      Promise.race([
        work,
        main.exited.then(() => {
          throw new Error(`${main.death()} ${when}; its output:\n${main.output().slice(-4000)}`);
        }),
      ]);

    beforeAll(async () => {
      // The registry records live in the operator's namespace (REGISTRY_NAMESPACE is its metadata.namespace).
      fleet = new Fleet(new ApiClient({ kubeConfig: env.kubeConfig() }), {
        namespace: 'memory',
        registryNamespace: podNamespace,
      });
      await fleet.setUp();
      cgroup = MemoryCgroup.create(`operant-memory-${process.pid}`, limitBytes);
      main = await spawnMain(env, container, { user: 'redis-operator', podNamespace, cgroup, nodeFlags });
      await untilDeath(
        eventually(async () => expect(await ready().catch(() => 0)).toBe(200), 60_000),
        'while starting',
      );
    }, 90_000);

    afterAll(async () => {
      if (main?.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
      await main?.exited;
      cgroup?.remove();
    }, 60_000);

    it(
      `converges ${objects} RedisClusters without an OOM kill, then stops cleanly`,
      async () => {
        const idle = main.memory();
        await createMany(fleet, objects, 8);
        const converged = await untilDeath(fleet.waitConverged(convergeTimeoutMs), 'during the burst').catch(
          (err: Error) => err,
        );
        const { ms, lost } = converged instanceof Error ? { ms: Number.NaN, lost: Number.NaN } : converged;
        const { peakRss, rss, rssAnon } = main.memory();
        const heap = main.heap();
        const group = cgroup.figures();
        const figures = {
          limitMiB: limitBytes === undefined ? 'none' : mib(limitBytes),
          nodeFlags: nodeFlags.join(' '),
          objects,
          convergeMs: ms,
          lost,
          idleRssMiB: mib(idle.rss),
          peakRssMiB: mib(peakRss),
          rssAfterMiB: mib(rss),
          rssAnonAfterMiB: mib(rssAnon),
          heapUsedPeakMiB: mib(heap.heapUsedPeak),
          heapTotalPeakMiB: mib(heap.heapTotalPeak),
          heapUsedAfterMiB: mib(heap.heapUsed),
          heapLimitMiB: mib(heap.heapLimit),
          besideHeapPeakMiB: mib(heap.besideHeapPeak),
          worstCaseMiB: mib(heap.besideHeapPeak + heap.heapLimit),
          cgroupVersion: group.version,
          cgroupPeakMiB: mib(group.peakBytes),
          cgroupLimitHits: group.limitHits,
          oomKills: group.oomKills,
        };
        process.stderr.write(`[memory] ${JSON.stringify(figures)}\n`);
        if (converged instanceof Error) {
          if (main.death() !== undefined) throw converged; // it carries the death and the output
          throw new Error(`${converged.message}\noperator output:\n${main.output().slice(-4000)}`);
        }

        expect({ death: main.death(), oomKills: group.oomKills }).toEqual({ death: undefined, oomKills: 0 });
        expect(lost).toBe(0);
        // the sizing rule (docs/deployment.md, "Memory"): what the process holds beside V8's heap
        // at its peak, plus a heap grown to V8's limit, fits in the limit
        expect(heap.besideHeapPeak).toBeGreaterThan(0);
        if (limitBytes !== undefined) expect(heap.besideHeapPeak + heap.heapLimit).toBeLessThanOrEqual(limitBytes);
        expect(fleet.live()).toHaveLength(objects);
        expect(await ready()).toBe(200);
        main.child.kill('SIGTERM');
        expect(await main.exited).toEqual({ code: 0, signal: null });
        report(`memory limit (${limitName}): ${objects}-object burst`, figures);
      },
      convergeTimeoutMs + 120_000,
    );
  },
);
