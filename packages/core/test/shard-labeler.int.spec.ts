/**
 * Run-time detection of the server's shard selector, and the fallback sharder, each on a
 * control plane of its own with an explicit `ShardedListAndWatch` gate (the project's
 * default envtest does not decide it here). Gate on: `detectShardSelector` is true (uid and
 * namespace keys, an empty kind too), false for a custom resource (the server filters it
 * but echoes no `shardInfo`), and a failed list rejects naming the kind; gate off:
 * false (a cached reader is refused), and the `RangeLabeler` labels every ConfigMap with
 * `rangeIndex(fnv1a64(uid))` (200 existing, 50 created while it runs, each written once),
 * rewrites a wrong label, writes nothing for a right one (a second labeler over a labelled
 * cluster writes only a new object), stamps a Secret controlled by a ConfigMap with its
 * owner's range (and no other Secret), logs and retries a write an admission policy refuses
 * until the policy is gone, and a member's label-selected list returns exactly what
 * `inShard` predicts.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Namespace, V1Secret } from '@kubernetes/client-node';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import type { LogFields, Logger } from '../src/api/logger.js';
import type { KubernetesObject } from '../src/api/object.js';
import { ClientError } from '../src/api/status-error.js';
import { Cache } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import { mergePatch } from '../src/client/patch.js';
import { ResourceRegistry } from '../src/resources/registry.js';
import { resourceType } from '../src/resources/resource-type.js';
import { assignRanges } from '../src/sharding/assign.js';
import { detectShardSelector } from '../src/sharding/detect.js';
import { fnv1a64 } from '../src/sharding/fnv.js';
import { RangeLabeler, type RangeLabelerOptions } from '../src/sharding/labeler.js';
import { SHARD_RANGE_LABEL } from '../src/sharding/labels.js';
import { inShard } from '../src/sharding/match.js';
import { HASH_SPACE, rangeIndex, type ShardRange, shardRanges } from '../src/sharding/ranges.js';
import { shardSelector } from '../src/sharding/selector.js';
import { applyOpenCrd, cm, eventually, forEachLimited, newNamespace } from './fixtures/helpers.js';

const RANGES = 16;
const COUNT = 200;
const LATE = 50;

const uidOf = (o: KubernetesObject) => o.metadata?.uid as string;
const labelOf = (o: KubernetesObject) => o.metadata?.labels?.[SHARD_RANGE_LABEL];
const rangeOf = (uid: string) => String(rangeIndex(fnv1a64(uid), RANGES));
const names = (items: readonly KubernetesObject[]) => items.map((o) => o.metadata?.name as string).sort();

/** A logger that keeps its error messages. */
function recordingLogger(errors: string[]): Logger {
  const logger: Logger = {
    error: (message: string, _fields?: LogFields) => void errors.push(message),
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    child: () => logger,
  };
  return logger;
}

/** A labeler running until `stop()`; `writes` counts its label writes per kind. */
function runLabeler(options: Omit<RangeLabelerOptions, 'logger' | 'metrics'>, errors: string[] = []) {
  const writes = new Map<string, number>();
  const labeler = new RangeLabeler({
    ...options,
    logger: recordingLogger(errors),
    metrics: { labelWrites: (kind) => writes.set(kind, (writes.get(kind) ?? 0) + 1) },
  });
  const controller = new AbortController();
  const running = labeler.start(controller.signal);
  return {
    labeler,
    writes,
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}

describeOrSkip('detectShardSelector with ShardedListAndWatch on', ownControlPlaneSkipReason(), () => {
  const env = useControlPlane({ apiServerFlags: { 'feature-gates': 'ShardedListAndWatch=true' } });

  it('should find the selector applied, over the uid and over the namespace', async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    await newNamespace(api, 'detect-on');
    expect(await detectShardSelector(api, V1ConfigMap, 'uid')).toBe(true);
    expect(await detectShardSelector(api, V1ConfigMap, 'namespace')).toBe(true);
  });

  it('should find it on a kind with no object at all (an empty list still carries shardInfo)', async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    const empty = await newNamespace(api, 'detect-empty');
    expect((await api.list(V1Secret)).items).toHaveLength(0);
    expect(await detectShardSelector(api, V1Secret, 'uid')).toBe(true);
    expect(await detectShardSelector(api, V1ConfigMap, 'uid', { namespace: empty })).toBe(true);
  });

  it('should not find it on a custom resource: the server filters one but echoes no shardInfo, so members use the label mode', async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    const ns = await newNamespace(api, 'detect-cr');
    const Doohickey = await applyOpenCrd(api, 'shard.operant.test', 'Doohickey', 'shard-labeler-test');
    await eventually(() => api.list(Doohickey, { limit: 1 }));
    const names = Array.from({ length: 20 }, (_, i) => `d-${i}`);
    const create = (name: string) =>
      api.create({ apiVersion: 'shard.operant.test/v1', kind: 'Doohickey', metadata: { namespace: ns, name } });
    // a create finds the kind through discovery, which may serve the new group a moment after its list
    await eventually(() => create(names[0] as string));
    await forEachLimited(names.slice(1), 10, create);
    // half the hash space: v1.37.2 returns the half, as for a built-in kind, but does not say so
    const half = { lo: 0n, hi: HASH_SPACE / 2n };
    const list = await api.list(Doohickey, { namespace: ns, shardSelector: shardSelector('uid', [half]) });
    expect(list.metadata?.shardInfo).toBeUndefined();
    expect(list.items.length).toBeLessThan(names.length);
    expect(list.items.filter((o) => !inShard(o, 'uid', [half]))).toEqual([]);
    // without the echo, detection cannot tell it from a server that ignores the parameter
    expect(await detectShardSelector(api, Doohickey, 'uid')).toBe(false);
    // a built-in kind on the same server is sharded
    expect(await detectShardSelector(api, V1ConfigMap, 'uid')).toBe(true);
  });

  it('should reject with the kind named when the list itself fails', async () => {
    const api = new ApiClient({ kubeConfig: env.kubeConfig() });
    const Gadget = resourceType({
      group: 'nowhere.example.com',
      version: 'v1',
      kind: 'Gadget',
      plural: 'gadgets',
      namespaced: true,
    });
    const err = await detectShardSelector(api, Gadget, 'uid').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect((err as ClientError).kind).toBe('notFound');
    expect((err as ClientError).message).toMatch(/^unable to detect the shard selector of Gadget: /);
  });
});

describeOrSkip('shard range labels with ShardedListAndWatch off', ownControlPlaneSkipReason(), () => {
  const env = useControlPlane({ apiServerFlags: { 'feature-gates': 'ShardedListAndWatch=false' } });
  const registry = new ResourceRegistry();
  let api: ApiClient;
  let ns: string;
  let first: ReturnType<typeof runLabeler>;
  const errors: string[] = [];

  const listed = async () => (await api.list(V1ConfigMap, { namespace: ns })).items;
  const allConfigMaps = async () => (await api.list(V1ConfigMap)).items;
  const totalWrites = (run: ReturnType<typeof runLabeler>, kind = 'ConfigMap') => run.writes.get(kind) ?? 0;
  /**
   * The labeler counts a write when its answer is back, which may be after another client
   * already reads the new label: waits for the count, then checks that no further write
   * follows (the write's own echo must not cause another).
   */
  const expectWrites = async (run: ReturnType<typeof runLabeler>, count: number) => {
    await eventually(async () => expect(totalWrites(run)).toBe(count));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(totalWrites(run)).toBe(count);
  };

  beforeAll(async () => {
    api = new ApiClient({ kubeConfig: env.kubeConfig(), registry });
    ns = await newNamespace(api, 'labeler');
    const all = Array.from({ length: COUNT }, (_, i) => `cm-${String(i).padStart(3, '0')}`);
    await forEachLimited(all, 32, (name) => api.create(cm(ns, name)));
  }, 120_000);

  afterAll(async () => {
    await first?.stop();
  });

  it('should detect that the server ignores the selector', async () => {
    expect(await detectShardSelector(api, V1ConfigMap, 'uid')).toBe(false);
  });

  it('should refuse to detect through a cached reader, saying so', async () => {
    const err = await detectShardSelector(new Cache({ rest: api.rest }), V1ConfigMap, 'uid').catch((e: unknown) => e);
    expect(ClientError.is(err, 'invalidArgument')).toBe(true);
    expect((err as Error).message).toMatch(/^unable to detect the shard selector of ConfigMap: .*for live reads only/);
  });

  it('should label every existing ConfigMap with the range of its uid, one write each', async () => {
    const before = await allConfigMaps();
    expect(before.length).toBeGreaterThanOrEqual(COUNT);
    expect(before.filter((o) => labelOf(o) !== undefined)).toHaveLength(0);

    first = runLabeler(
      { client: api, rest: api.rest, registry, key: 'uid', ranges: RANGES, kinds: [V1ConfigMap], owned: [V1Secret] },
      errors,
    );
    expect(first.labeler.needsLeaderElection()).toBe(true);
    await eventually(
      async () => {
        const mine = await listed();
        expect(mine.filter((o) => labelOf(o) !== rangeOf(uidOf(o)))).toEqual([]);
      },
      { timeout: 60_000 },
    );
    const all = await allConfigMaps();
    await eventually(async () => expect(totalWrites(first)).toBe(all.length));
    expect(all.every((o) => labelOf(o) === rangeOf(uidOf(o)))).toBe(true);
    expect(new Set((await listed()).map(labelOf)).size).toBe(RANGES);
    expect(errors).toEqual([]);
  }, 90_000);

  it('should label ConfigMaps created while it runs', async () => {
    const writesBefore = totalWrites(first);
    const late = Array.from({ length: LATE }, (_, i) => `late-${String(i).padStart(2, '0')}`);
    await forEachLimited(late, 16, (name) => api.create(cm(ns, name)));
    await eventually(async () => {
      const mine = (await listed()).filter((o) => o.metadata?.name?.startsWith('late-'));
      expect(mine).toHaveLength(LATE);
      expect(mine.filter((o) => labelOf(o) !== rangeOf(uidOf(o)))).toEqual([]);
    });
    await expectWrites(first, writesBefore + LATE);
  }, 60_000);

  it('should rewrite a wrong label', async () => {
    const writesBefore = totalWrites(first);
    const target = (await listed()).find((o) => o.metadata?.name === 'cm-007') as V1ConfigMap;
    const right = rangeOf(uidOf(target));
    const wrong = String((Number(right) + 1) % RANGES);
    await api.patch(cm(ns, 'cm-007'), mergePatch({ metadata: { labels: { [SHARD_RANGE_LABEL]: wrong } } }));
    await eventually(async () => {
      const now = await api.get(V1ConfigMap, { namespace: ns, name: 'cm-007' });
      expect(labelOf(now)).toBe(right);
    });
    await expectWrites(first, writesBefore + 1);
  });

  it("should stamp a Secret controlled by a ConfigMap with its owner's range, and no other Secret", async () => {
    const cm042 = (await listed()).find((o) => o.metadata?.name === 'cm-042') as V1ConfigMap;
    const refTo = (o: V1ConfigMap) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata?.name, uid: uidOf(o) });
    const secret = (name: string, ownerReferences: object[]): V1Secret => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { namespace: ns, name, ownerReferences } as V1Secret['metadata'],
    });
    const nsObj = await api.get(V1Namespace, { name: ns });
    // the Secrets' informer sees them in this order: once the child is labelled, the others were judged
    await api.create(secret('orphan', []));
    await api.create(secret('not-controlled', [{ ...refTo(cm042), controller: false }]));
    await api.create(
      secret('unsharded-owner', [
        { apiVersion: 'v1', kind: 'Namespace', name: ns, uid: uidOf(nsObj), controller: true },
      ]),
    );
    // the child gets its controller once its uid is known: an owner of another range, so the
    // label tells the owner's range from the child's own
    const child = await api.create(secret('child', []));
    const owner = (await listed()).find(
      (o) => o.metadata?.name?.startsWith('cm-') && rangeOf(uidOf(o)) !== rangeOf(uidOf(child)),
    ) as V1ConfigMap;
    await api.patch(
      secret('child', []),
      mergePatch({ metadata: { ownerReferences: [{ ...refTo(owner), controller: true }] } }),
    );
    await eventually(async () => {
      const now = await api.get(V1Secret, { namespace: ns, name: 'child' });
      expect(labelOf(now)).toBe(rangeOf(uidOf(owner)));
    });
    const secrets = (await api.list(V1Secret, { namespace: ns })).items;
    expect(secrets.filter((s) => labelOf(s) !== undefined).map((s) => s.metadata?.name)).toEqual(['child']);
    expect(totalWrites(first, 'Secret')).toBe(1);
  });

  it('should log a refused write and retry it until it is allowed, never dropping the key', async () => {
    const writesBefore = totalWrites(first);
    const errorsBefore = errors.length;
    const admission = 'admissionregistration.k8s.io/v1';
    const policy = {
      apiVersion: admission,
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: `${ns}-refuse-range` },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: {
          resourceRules: [
            { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['configmaps'] },
          ],
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } },
        },
        validations: [
          {
            expression: `!object.metadata.name.startsWith('refused') || !has(object.metadata.labels) || !('${SHARD_RANGE_LABEL}' in object.metadata.labels)`,
            message: 'the shard range label is refused here',
          },
        ],
      },
    };
    const binding = {
      apiVersion: admission,
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: `${ns}-refuse-range` },
      spec: { policyName: policy.metadata.name, validationActions: ['Deny'] },
    };
    await api.create(policy);
    await api.create(binding);
    // the policy is in force once it refuses a labelled create (dry run: nothing is stored either way)
    let probe = 0;
    await eventually(
      async () => {
        const labelled = cm(ns, `refused-probe-${probe++}`, {}, { [SHARD_RANGE_LABEL]: '0' });
        const err = await api.create(labelled, { dryRun: true }).catch((e: unknown) => e);
        expect(ClientError.is(err, 'invalid') || ClientError.is(err, 'forbidden')).toBe(true);
      },
      { timeout: 30_000 },
    );
    await api.create(cm(ns, 'refused'));
    await eventually(() => expect(errors.slice(errorsBefore)).toContain(`unable to label ConfigMap ${ns}/refused`));
    await eventually(() =>
      expect(
        errors.slice(errorsBefore).filter((e) => e === `unable to label ConfigMap ${ns}/refused`).length,
      ).toBeGreaterThan(1),
    );
    expect(labelOf(await api.get(V1ConfigMap, { namespace: ns, name: 'refused' }))).toBeUndefined();
    expect(totalWrites(first)).toBe(writesBefore);

    await api.delete(binding);
    await api.delete(policy);
    const refused = await api.get(V1ConfigMap, { namespace: ns, name: 'refused' });
    await eventually(
      async () => {
        expect(labelOf(await api.get(V1ConfigMap, { namespace: ns, name: 'refused' }))).toBe(rangeOf(uidOf(refused)));
      },
      { timeout: 60_000 },
    );
    expect(totalWrites(first)).toBe(writesBefore + 1);
  }, 120_000);

  it('should write nothing for labels already right (a second labeler over the labelled cluster)', async () => {
    await first.stop();
    const errorsBefore = errors.length;
    const second = runLabeler(
      { client: api, rest: api.rest, registry, key: 'uid', ranges: RANGES, kinds: [V1ConfigMap], owned: [V1Secret] },
      errors,
    );
    try {
      const touched = await Promise.all(
        ['cm-001', 'cm-002', 'cm-003'].map((name) => api.patch(cm(ns, name), mergePatch({ data: { touched: 'yes' } }))),
      );
      // created after the touches: its event comes after theirs on the one all-namespaces watch
      const marker = await api.create(cm(ns, 'marker'));
      await eventually(async () => {
        expect(labelOf(await api.get(V1ConfigMap, { namespace: ns, name: 'marker' }))).toBe(rangeOf(uidOf(marker)));
      });
      expect(totalWrites(second)).toBe(1);
      expect(totalWrites(second, 'Secret')).toBe(0);
      for (const t of touched) {
        const now = await api.get(V1ConfigMap, { namespace: ns, name: t.metadata?.name as string });
        expect(now.metadata?.resourceVersion).toBe(t.metadata?.resourceVersion);
      }
      expect(errors.slice(errorsBefore)).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it("should return exactly inShard's objects to each member's label-selected list", async () => {
    const ranges = shardRanges(RANGES);
    const assignment = assignRanges(ranges, ['replica-a', 'replica-b', 'replica-c']);
    const all = (await listed()).filter((o) => o.metadata?.name !== 'kube-root-ca.crt');
    const seen: string[] = [];
    for (const [, indexes] of assignment) {
      const mine = indexes.map((i) => ranges[i] as ShardRange);
      const labelSelector = `${SHARD_RANGE_LABEL} in (${indexes.join(',')})`;
      const selected = (await api.list(V1ConfigMap, { namespace: ns, labelSelector })).items;
      expect(selected.length).toBeGreaterThan(0);
      expect(names(selected)).toEqual(names(all.filter((o) => inShard(o, 'uid', mine))));
      seen.push(...names(selected));
    }
    expect(seen.sort()).toEqual(names(all));
  });
});
