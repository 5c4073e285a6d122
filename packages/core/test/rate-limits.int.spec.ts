/**
 * Client rate limits against a control plane of the suite's own: the API server's priority
 * and fairness rejects a test user's requests with 429 and `Retry-After` (a FlowSchema that
 * sends the user to a PriorityLevel of one seat that rejects instead of queueing; the
 * server's concurrency is lowered so that the level's share rounds to one), and the client
 * waits the seconds asked for, sends the request again, counts the retries and logs the
 * FlowSchema and PriorityLevel UIDs; and a manager's `client: { qps, burst }` makes one
 * token bucket that its requests wait for, in `rest_client_rate_limiter_duration_seconds`.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { type Environment, eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import type { LogFields, Logger } from '../src/api/logger.js';
import { ApiClient } from '../src/client/api-client.js';
import { RestClient, type RestClientOptions, type WaitObserver } from '../src/client/rest.js';
import { observeRestClient } from '../src/client/rest-metrics.js';
import { closeTransports } from '../src/client/transport/transport.js';
import { ControllerManager } from '../src/manager/manager.js';
import { newRegistry } from '../src/metrics/registry.js';
import { cm, newNamespace } from './fixtures/helpers.js';

const skip = ownControlPlaneSkipReason();

const NAME = 'operant-throttled';

/** A Logger that keeps its debug entries. */
function recordingLogger(entries: { message: string; fields: LogFields }[]): Logger {
  const logger: Logger = {
    error: () => undefined,
    warn: () => undefined,
    info: () => undefined,
    debug: (message, fields = {}) => void entries.push({ message, fields }),
    child: () => logger,
  };
  return logger;
}

describeOrSkip('client rate limits on their own control plane', skip, () => {
  // server concurrency 30: the test's PriorityLevel (1 share of ~246) gets one seat
  const env = useControlPlane({
    apiServerFlags: { 'max-requests-inflight': '20', 'max-mutating-requests-inflight': '10' },
  });
  let admin: ApiClient;
  let ns: string;
  /** The throttled user, and the UIDs of the FlowSchema and PriorityLevel that throttle it. */
  let user: Awaited<ReturnType<Environment['addUser']>>;
  let schema: { metadata: { uid: string } };
  let level: { metadata: { uid: string } };

  /** A client of the throttled user that records its debug log, waits and metrics. */
  function throttledClient(options: RestClientOptions = {}) {
    const logged: { message: string; fields: LogFields }[] = [];
    const rest = new RestClient(user.kubeConfig, { ...options, logger: recordingLogger(logged) });
    const metrics = newRegistry({ collectDefaultMetrics: false });
    observeRestClient(metrics, rest);
    const waits: Parameters<WaitObserver>[0][] = [];
    rest.onWait((wait) => void waits.push(wait));
    const list = (signal?: AbortSignal) =>
      rest.json<{ items: V1ConfigMap[] }>(
        { method: 'GET', path: `/api/v1/namespaces/${ns}/configmaps`, signal },
        'unable to list',
      );
    const retries = async () => {
      const counted = (await metrics.getSingleMetric('rest_client_request_retries_total')?.get())?.values ?? [];
      return { byCode: counted, total: counted.reduce((sum, v) => sum + v.value, 0) };
    };
    return { rest, logged, waits, list, retries };
  }

  beforeAll(async () => {
    admin = new ApiClient({ kubeConfig: env.kubeConfig() });
    ns = await newNamespace(admin, 'rate');
    await Promise.all(Array.from({ length: 200 }, (_, i) => admin.create(cm(ns, `cm-${i}`, { i: String(i) }))));
    const post = <T>(path: string, body: unknown) =>
      admin.rest.json<T>({ method: 'POST', path, body }, `unable to create ${path}`);
    // `view` is aggregated by kube-controller-manager, which this control plane does not run
    await post('/apis/rbac.authorization.k8s.io/v1/clusterroles', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: NAME },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
    });
    await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: NAME },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: NAME },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: NAME }],
    });
    level = await post<{ metadata: { uid: string } }>(
      '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations',
      {
        apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
        kind: 'PriorityLevelConfiguration',
        metadata: { name: NAME },
        spec: {
          type: 'Limited',
          limited: {
            nominalConcurrencyShares: 1,
            lendablePercent: 0,
            borrowingLimitPercent: 0,
            limitResponse: { type: 'Reject' },
          },
        },
      },
    );
    schema = await post<{ metadata: { uid: string } }>('/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
      kind: 'FlowSchema',
      metadata: { name: NAME },
      spec: {
        priorityLevelConfiguration: { name: NAME },
        matchingPrecedence: 100,
        distinguisherMethod: { type: 'ByUser' },
        rules: [
          {
            subjects: [{ kind: 'User', user: { name: NAME } }],
            resourceRules: [
              { verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true },
            ],
          },
        ],
      },
    });

    user = await env.addUser(NAME);
    // the API server's flow control picks the new FlowSchema up asynchronously
    const { rest } = throttledClient();
    await eventually(async () => {
      const res = await rest.send({ method: 'GET', path: `/api/v1/namespaces/${ns}/configmaps`, query: { limit: 1 } });
      await res.text();
      expect(res.headers['x-kubernetes-pf-flowschema-uid']).toBe(schema.metadata.uid);
    });
  }, 60_000);

  afterAll(async () => {
    await closeTransports();
  });

  it("should wait out priority and fairness' 429 Retry-After, retry, count the retries and log the FlowSchema", async () => {
    const { logged, waits, list, retries } = throttledClient();

    // three lists at once on one seat: the level rejects the ones that arrive while it is taken
    let rounds = 0;
    while (!waits.some((w) => w.cause === 'retryAfter') && rounds < 10) {
      rounds++;
      const lists = await Promise.all([list(), list(), list()]);
      for (const { items } of lists) expect(items).toHaveLength(200);
    }
    const retried = waits.filter((w) => w.cause === 'retryAfter');
    process.stderr.write(
      `[rate-limits] ${rounds} round(s) of 3 lists; ${retried.length} Retry-After wait(s): ${retried
        .map((w) => `${w.retryAfter?.seconds}s asked, ${w.seconds.toFixed(3)}s waited`)
        .join('; ')}\n`,
    );
    expect(retried.length).toBeGreaterThan(0);
    for (const wait of retried) {
      expect(wait.retryAfter).toMatchObject({
        code: 429,
        flowSchemaUID: schema.metadata.uid,
        priorityLevelUID: level.metadata.uid,
      });
      expect(wait.seconds).toBeGreaterThanOrEqual(wait.retryAfter?.seconds ?? Number.POSITIVE_INFINITY);
    }

    // one retry per wait, counted by the code of the retried attempt
    const host = new URL(user.kubeConfig.getCurrentCluster()?.server as string).host;
    const counted = await retries();
    expect(counted.byCode.every((v) => v.labels.verb === 'GET' && v.labels.host === host)).toBe(true);
    expect(counted.total).toBe(retried.length);
    expect(counted.byCode.some((v) => v.labels.code === '200')).toBe(true);

    const logs = logged.filter((entry) => entry.message === 'Got a Retry-After response');
    expect(logs).toHaveLength(retried.length);
    expect(logs[0]?.fields).toMatchObject({
      code: 429,
      verb: 'GET',
      flowSchemaUID: schema.metadata.uid,
      priorityLevelUID: level.metadata.uid,
    });
  }, 120_000);

  it('should stop waiting and send nothing more when the caller aborts during a Retry-After wait', async () => {
    const { logged, list, retries } = throttledClient();
    let aborted: PromiseSettledResult<unknown>[] = [];
    for (let round = 0; round < 10 && aborted.length === 0; round++) {
      const abort = new AbortController();
      const lists = Promise.allSettled([list(abort.signal), list(abort.signal), list(abort.signal)]);
      // abort as soon as one of them is told to come back later
      const poll = setInterval(() => {
        if (logged.some((entry) => entry.message === 'Got a Retry-After response')) abort.abort();
      }, 1);
      const settled = await lists;
      clearInterval(poll);
      aborted = settled.filter((r) => r.status === 'rejected');
    }
    // the told one was waiting; another may have been on the wire still
    const reasons = aborted.map((r) => (r as PromiseRejectedResult).reason as Error);
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).toMatchObject({ kind: 'aborted' });
    expect(reasons.some((reason) => /aborted while waiting to retry/.test(reason.message))).toBe(true);
    expect((await retries()).total).toBe(0);
  }, 120_000);

  it('should return the 429 to the caller and retry nothing with maxRetries: 0', async () => {
    const { waits, list, retries } = throttledClient({ maxRetries: 0 });
    let rejected: PromiseRejectedResult[] = [];
    for (let round = 0; round < 10 && rejected.length === 0; round++) {
      const settled = await Promise.allSettled([list(), list(), list()]);
      rejected = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    }
    expect(rejected.length).toBeGreaterThan(0);
    for (const { reason } of rejected) expect(reason).toMatchObject({ kind: 'tooManyRequests', code: 429 });
    expect(waits.filter((w) => w.cause === 'retryAfter')).toEqual([]);
    expect((await retries()).total).toBe(0);
  }, 60_000);

  it("should make one token bucket for a manager's client: { qps, burst } and time its waits", async () => {
    const manager = new ControllerManager({
      kubeConfig: env.kubeConfig(),
      client: { qps: 5, burst: 1 },
      metrics: { collectDefaultMetrics: false },
    });
    expect(manager.cache.rest.rateLimiter?.qps).toBe(5);
    // four requests at once, one token: the first goes at once, the others wait 200, 400, 600 ms
    const rest = manager.cache.rest;
    const get = () => rest.json({ method: 'GET', path: `/api/v1/namespaces/${ns}/configmaps/cm-0` }, 'unable to get');
    await Promise.all([get(), get(), get(), get()]);
    const host = new URL(env.kubeConfig().getCurrentCluster()?.server as string).host;
    const text = await manager.metrics.metrics();
    expect(text).toContain(`rest_client_rate_limiter_duration_seconds_count{verb="GET",host="${host}"} 4`);
    expect(text).toContain(`rest_client_rate_limiter_duration_seconds_bucket{le="0.005",verb="GET",host="${host}"} 1`);
    expect(text).toContain(`rest_client_rate_limiter_duration_seconds_bucket{le="0.1",verb="GET",host="${host}"} 1`);
  });
});
