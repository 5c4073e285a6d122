/**
 * Secure metrics as kubebuilder scaffolds them (`managerOptionsFromFlags` defaults: HTTPS,
 * `withAuthenticationAndAuthorization`), against the real API server: no token or an
 * unknown one → 401; a ServiceAccount token (TokenRequest API) without the metrics-reader
 * ClusterRole → 403; with it bound → 200 and Prometheus text, the second scrape answered
 * from the review cache (no new review sent); a manager whose identity may not create
 * TokenReviews → 500 and an error log line; `--metrics-secure=false` → plain HTTP, no auth.
 */
import { request } from 'node:https';
import { PassThrough } from 'node:stream';
import { beforeAll, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { KubernetesObject } from '../src/api/object.js';
import { ApiClient } from '../src/client/api-client.js';
import { newLogger } from '../src/log/logger.js';
import { managerOptionsFromFlags } from '../src/manager/flags.js';
import { ControllerManager } from '../src/manager/manager.js';
import { newNamespace, startManager, useCleanups } from './fixtures/helpers.js';

interface Scrape {
  status: number;
  body: string;
}

/** GET /metrics over HTTPS (the certificate is self-signed: not verified), with a bearer token if given. */
function scrape(port: number, token?: string): Promise<Scrape> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/metrics',
        rejectUnauthorized: false,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describeWithControlPlane('metrics behind TokenReview and SubjectAccessReview', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();
  let ns: string;
  const reader = `metrics-reader-${Math.random().toString(36).slice(2, 8)}`;

  /** A ServiceAccount and a token for it from the TokenRequest API (as the kubelet mounts one). */
  async function serviceAccountToken(name: string): Promise<string> {
    await api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { namespace: ns, name } });
    const answer = await api.rest.json<{ status: { token: string } }>(
      {
        method: 'POST',
        path: `/api/v1/namespaces/${ns}/serviceaccounts/${name}/token`,
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } },
      },
      `unable to request a token for ServiceAccount ${ns}/${name}`,
    );
    return answer.status.token;
  }

  /** A manager from kubebuilder's flags (`extra` appended), serving metrics on a free loopback port. */
  async function metricsPort(extra: string[], kubeConfig = kc, logger = newLogger({ level: 'error' })) {
    const mgr = new ControllerManager({
      ...managerOptionsFromFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0', ...extra]),
      kubeConfig,
      logger,
    });
    const reviews: string[] = [];
    mgr.cache.rest.onRequest(({ url }) => {
      if (url.pathname.endsWith('reviews')) reviews.push(url.pathname.split('/').at(-1) as string);
    });
    startManager(mgr, cleanup);
    const server = mgr.metricsServer as NonNullable<ControllerManager['metricsServer']>;
    return { port: (await server.address()).port, reviews, tls: server.tls };
  }

  beforeAll(async () => {
    ns = await newNamespace(api, 'metrics-auth');
    // kubebuilder's config/rbac/metrics_reader_role.yaml
    await api.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: reader },
      rules: [{ nonResourceURLs: ['/metrics'], verbs: ['get'] }],
    } as KubernetesObject);
  }, 60_000);

  it('answers 401 without a token or with an unknown one, 403 without the role, 200 with it', async () => {
    const { port, reviews, tls } = await metricsPort([]);
    expect(tls).toBe(true);
    const outsider = await serviceAccountToken('outsider');
    const scraper = await serviceAccountToken('scraper');
    await api.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: `${reader}-${ns}` },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: reader },
      subjects: [{ kind: 'ServiceAccount', namespace: ns, name: 'scraper' }],
    } as KubernetesObject);

    // the binding reaches the API server's authorizer asynchronously: wait for it there, so no
    // denial of the scraper lands in the manager's review cache
    await eventually(async () => {
      const review = await api.create<KubernetesObject & { status?: { allowed?: boolean } }>({
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: { user: `system:serviceaccount:${ns}:scraper`, nonResourceAttributes: { path: '/metrics', verb: 'get' } },
      } as KubernetesObject);
      expect(review.status?.allowed).toBe(true);
    });

    expect(await scrape(port)).toEqual({ status: 401, body: 'Unauthorized\n' });
    expect(await scrape(port, 'not-a-token')).toEqual({ status: 401, body: 'Unauthorized\n' });
    expect(await scrape(port, outsider)).toEqual({
      status: 403,
      body: `Authorization denied for user system:serviceaccount:${ns}:outsider\n`,
    });
    const allowed = await scrape(port, scraper);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('# TYPE controller_runtime_reconcile_total counter');
    expect(allowed.body).toMatch(/^rest_client_requests_total\{.*code="201".*\} \d+$/m);

    const before = reviews.length;
    expect((await scrape(port, scraper)).status).toBe(200);
    expect((await scrape(port, outsider)).status).toBe(403);
    expect(await scrape(port, 'not-a-token')).toMatchObject({ status: 401 });
    expect(reviews.slice(before)).toEqual([]); // every answer came from the cache
    // unknown token: a TokenReview; outsider and scraper: a TokenReview and a SubjectAccessReview each
    expect(reviews).toEqual([
      'tokenreviews',
      ...['tokenreviews', 'subjectaccessreviews'],
      ...['tokenreviews', 'subjectaccessreviews'],
    ]);
  }, 60_000);

  it('answers 500 and logs the failure when the manager may not create TokenReviews', async () => {
    const token = await serviceAccountToken('unprivileged-manager');
    const cluster = kc.getCurrentCluster();
    if (cluster === null) throw new Error('no current cluster');
    const asServiceAccount = new KubeConfig();
    asServiceAccount.loadFromOptions({
      clusters: [cluster],
      users: [{ name: 'sa', token }],
      contexts: [{ name: 'sa', cluster: cluster.name, user: 'sa' }],
      currentContext: 'sa',
    });
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const { port } = await metricsPort([], asServiceAccount, newLogger({ stream, level: 'info' }));

    expect(await scrape(port, token)).toEqual({ status: 500, body: 'Authentication failed\n' });
    const failures = await eventually(() => {
      const logged = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'Authentication failed');
      expect(logged).toHaveLength(1); // winston writes to the stream asynchronously
      return logged;
    });
    expect(failures[0]).toMatchObject({
      level: 'error',
      component: 'metrics-auth',
      error: {
        code: 403,
        message: expect.stringMatching(/^unable to create a TokenReview: .* cannot create resource/),
      },
    });
    expect(await scrape(port)).toMatchObject({ status: 401 }); // no token: refused before any review
  }, 60_000);

  it('serves plain HTTP without authentication with --metrics-secure=false', async () => {
    const { port, reviews, tls } = await metricsPort(['--metrics-secure=false']);
    expect(tls).toBe(false);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE controller_runtime_reconcile_total counter');
    expect(reviews).toEqual([]);
  }, 60_000);
});
