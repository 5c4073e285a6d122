/**
 * Two managers in one process, one shard group, on the shared control plane (the API
 * server's `ShardedListAndWatch` gate is on in envtest): a sharded ConfigMap controller on each.
 * Alone, the first holds every range and reconciles all 300 objects; when the second joins
 * the objects split (each cache holds its share, the two shares partition the set, the
 * server's `shardSelector` was used), a change of every object is reconciled by exactly one
 * of them and no object's reconciles overlap; when the second stops cleanly its ranges
 * come back to the first. Children created by a sharded controller carry their owner's
 * range label and are cached by the owner's holder only. The multi-process test with kills
 * and pauses is the fault suite's.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { objectKey } from '../src/api/object.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import { mergePatch } from '../src/client/patch.js';
import { setControllerReference } from '../src/controllerutil/index.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import { Lease } from '../src/resources/kinds.js';
import { fnv1a64 } from '../src/sharding/fnv.js';
import { SHARD_GROUP_LABEL, SHARD_RANGE_LABEL } from '../src/sharding/labels.js';
import { rangeIndex } from '../src/sharding/ranges.js';
import { findOverlap, type Span } from './faults/spans.js';
import { cm, eventually, forEachLimited, newNamespace, useCleanups } from './fixtures/helpers.js';

const COUNT = 300;
const RANGES = 64;

describeWithControlPlane('sharding: two managers split a sharded controller’s objects', () => {
  const kubeConfig = sharedKubeConfig();
  const cleanup = useCleanups();
  let api: ApiClient;
  let ns: string;
  const spans: Span[] = [];

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig });
    ns = await newNamespace(api, 'shard-mgr');
    const names = Array.from({ length: COUNT }, (_, i) => `cm-${String(i).padStart(3, '0')}`);
    await forEachLimited(names, 32, (name) => api.create(cm(ns, name, { v: '1' }, { suite: 'shard-mgr' })));
  }, 120_000);

  function replica(
    identity: string,
    mode: 'server' | 'labels',
  ): { manager: Manager; stop: () => Promise<void>; seen: Map<string, string> } {
    const manager = newManager({
      kubeConfig,
      cache: {
        byObject: [
          { type: V1ConfigMap, namespaces: [ns], labelSelector: { matchLabels: { suite: 'shard-mgr' } } },
          { type: V1Secret, namespaces: [ns] },
        ],
      },
      sharding: {
        group: `shard-${mode}`,
        namespace: ns,
        identity,
        mode,
        ranges: RANGES,
        leaseDurationMs: 3_000,
        renewDeadlineMs: 2_000,
        retryPeriodMs: 250,
      },
      metrics: { collectDefaultMetrics: false },
    });
    const seen = new Map<string, string>(); // key → data.v last reconciled here
    controllerManagedBy(manager)
      .for(V1ConfigMap)
      .owns(V1Secret)
      .withOptions({ maxConcurrentReconciles: 4 })
      .complete({
        reconcile: async (request) => {
          const start = performance.now();
          const key = `${request.namespace}/${request.name}`;
          try {
            const obj = await manager.client.get(V1ConfigMap, request);
            if (obj.metadata?.name === 'cm-000') {
              const child: V1Secret = {
                apiVersion: 'v1',
                kind: 'Secret',
                metadata: { namespace: ns, name: 'child-000' },
              };
              setControllerReference(obj, child);
              await manager.client.create(child).catch((err: { code?: number }) => {
                if (err.code !== 409) throw err;
              });
            }
            await new Promise((resolve) => setTimeout(resolve, 2));
            seen.set(key, obj.data?.v ?? '');
          } finally {
            spans.push({ replica: identity, key, start, end: performance.now() });
          }
          return {};
        },
      });
    const abort = new AbortController();
    const running = manager.start(abort.signal);
    const stop = async () => {
      abort.abort();
      await running;
    };
    cleanup(async () => {
      if (!abort.signal.aborted) await stop();
    });
    return { manager, stop, seen };
  }

  const cached = (m: Manager) => m.cache.health().find((h) => h.kind === 'ConfigMap')?.objects ?? 0;

  function assertNoOverlap(): void {
    const overlap = findOverlap(spans, () => Number.POSITIVE_INFINITY); // every span here has its end
    if (overlap !== undefined) throw new Error(`two managers reconciled one object at once: ${overlap}`);
  }

  describe.each(['server', 'labels'] as const)('in the %s mode', (mode) => {
    it('should split the objects on a join, reconcile each change once, and give them back on a clean leave', async () => {
      spans.length = 0;
      const v = mode === 'server' ? '2' : '3';
      const a = replica('member-a', mode);
      await eventually(() => expect(a.seen.size).toBe(COUNT), { timeout: 60_000 });
      if (mode === 'labels') {
        const labelled = await api.list(V1ConfigMap, { namespace: ns, labelSelector: SHARD_RANGE_LABEL });
        expect(labelled.items).toHaveLength(COUNT); // the labeler wrote every range label
      }
      expect(cached(a.manager)).toBe(COUNT);

      const b = replica('member-b', mode);
      expect(a.manager.sharding?.state().mode).toBe(mode);
      await eventually(
        () => {
          expect(cached(a.manager) + cached(b.manager)).toBe(COUNT);
          expect(cached(b.manager)).toBeGreaterThan(COUNT / 4);
          expect(cached(a.manager)).toBeGreaterThan(COUNT / 4);
        },
        { timeout: 60_000 },
      );
      const metrics = await a.manager.metrics.metrics();
      expect(metrics).toMatch(/operant_shard_members 2/);
      expect(metrics).toMatch(new RegExp(`operant_shard_objects\\{kind="ConfigMap"\\} ${cached(a.manager)}`));
      expect(metrics).toMatch(/operant_shard_moves_total\{direction="out"\} [1-9]/);

      // a change of every object: each reconciled by the holder of its range
      const all = (await api.list(V1ConfigMap, { namespace: ns, labelSelector: 'suite=shard-mgr' })).items;
      await forEachLimited(all, 32, (o) => api.patch(cm(ns, o.metadata?.name as string), mergePatch({ data: { v } })));
      await eventually(
        () => {
          const done = all.filter((o) => a.seen.get(objectKey(o)) === v || b.seen.get(objectKey(o)) === v);
          expect(done).toHaveLength(COUNT);
        },
        { timeout: 60_000 },
      );
      assertNoOverlap();

      // the child of cm-000 carries its owner's range, and only the owner's holder caches it
      const owner = all.find((o) => o.metadata?.name === 'cm-000') as V1ConfigMap;
      const child = await api.get(V1Secret, { namespace: ns, name: 'child-000' });
      const range = rangeIndex(fnv1a64(owner.metadata?.uid as string), RANGES);
      expect(child.metadata?.labels?.[SHARD_RANGE_LABEL]).toBe(String(range));
      const secrets = (m: Manager) => m.cache.health().find((h) => h.kind === 'Secret')?.objects ?? 0;
      expect(secrets(a.manager) + secrets(b.manager)).toBe(1);

      await b.stop();
      await eventually(() => expect(cached(a.manager)).toBe(COUNT), { timeout: 30_000 });
      const leases = await api.list(Lease, { namespace: ns, labelSelector: `${SHARD_GROUP_LABEL}=shard-${mode}` });
      expect(leases.items.map((l) => l.spec?.holderIdentity)).toEqual(['member-a']);
      await a.stop();
      assertNoOverlap();
    }, 240_000);
  });
});
