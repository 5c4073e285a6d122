// operant why (the built binary) against a running manager on the real control plane: the
// manager serves /debug/reconciles on its HTTPS metrics server behind TokenReview and
// SubjectAccessReview (kubebuilder's flags plus --metrics-debug-reconciles), a ConfigMap
// controller records causes and labels each ConfigMap once; after a create and an outside
// update, `operant why` with a ServiceAccount's kubeconfig prints the create, the
// controller's own label patch and the update as causes, oldest first, with the write; with
// no token it is refused (401), with a token of an account without the role it is denied
// (403), without --insecure-skip-tls-verify the self-signed certificate is not trusted.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@operant/core';
import { managerOptionsFromFlags } from '@operant/core';
import { controllerManagedBy } from '@operant/core/builder';
import { ApiClient, mergePatch } from '@operant/core/client';
import { ConfigMap } from '@operant/core/kinds';
import { newLogger } from '@operant/core/log';
import { newManager } from '@operant/core/manager';
import type { ControllerReconciles } from '@operant/core/trace';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { operant } from './fixtures/operant-bin.js';
import { serviceAccount } from './fixtures/service-account.js';

const suffix = randomBytes(3).toString('hex');

describeWithControlPlane('operant why against a running manager', () => {
  const api = new ApiClient({ kubeConfig: sharedKubeConfig(), fieldOwner: 'why-int' });
  const ns = `why-${suffix}`;
  const reader = `debug-reconciles-reader-${suffix}`;
  const stop = new AbortController();
  let running: Promise<void>;
  let controller: { recentReconciles(key?: string): ControllerReconciles };
  let dir: string;
  let metricsUrl: string;

  /** The kubeconfig of a ServiceAccount (a token from the TokenRequest API), written to a file. */
  async function kubeconfigOf(name: string): Promise<string> {
    await api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { namespace: ns, name } });
    const path = join(dir, `${name}.kubeconfig`);
    await writeFile(path, (await serviceAccount(ns, name).kubeConfig()).exportConfig());
    return path;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-why-int-'));
    await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    await api.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: reader },
      rules: [{ nonResourceURLs: ['/debug/reconciles'], verbs: ['get'] }],
    } as KubernetesObject);
    await api.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: reader },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: reader },
      subjects: [{ kind: 'ServiceAccount', namespace: ns, name: 'reader' }],
    } as KubernetesObject);
    // the binding reaches the authorizer asynchronously: wait for it there, so that no denial
    // of the reader lands in the manager's review cache
    await eventually(async () => {
      const review = await api.create<KubernetesObject & { status?: { allowed?: boolean } }>({
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: {
          user: `system:serviceaccount:${ns}:reader`,
          nonResourceAttributes: { path: '/debug/reconciles', verb: 'get' },
        },
      } as KubernetesObject);
      expect(review.status?.allowed).toBe(true);
    });

    const mgr = newManager({
      ...managerOptionsFromFlags([
        '--metrics-bind-address=127.0.0.1:0',
        '--health-probe-bind-address=0',
        '--metrics-debug-reconciles',
      ]),
      kubeConfig: sharedKubeConfig(),
      cache: { defaultNamespaces: [ns] },
      logger: newLogger({ level: 'error' }),
    });
    controller = controllerManagedBy(mgr)
      .for(ConfigMap)
      .named(`labeler-${suffix}`)
      .withOptions({ recordCauses: true })
      .complete({
        async reconcile(request) {
          const cm = await mgr.client.get(ConfigMap, request);
          if (cm.metadata?.labels?.seen !== 'yes') {
            await mgr.client.patch(cm, mergePatch({ metadata: { labels: { seen: 'yes' } } }));
          }
        },
      });
    running = mgr.start(stop.signal);
    await mgr.elected();
    metricsUrl = `https://127.0.0.1:${(await (mgr.metricsServer as NonNullable<typeof mgr.metricsServer>).address()).port}`;
  }, 90_000);

  afterAll(async () => {
    stop.abort();
    await running;
    await api.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }).catch(() => undefined);
    for (const kind of ['ClusterRoleBinding', 'ClusterRole']) {
      await api
        .delete({ apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata: { name: reader } } as KubernetesObject)
        .catch(() => undefined);
    }
    await rm(dir, { recursive: true, force: true });
  }, 30_000);

  it("prints the object's reconciles with their causes and writes, oldest first", async () => {
    const created = await api.create<KubernetesObject & { data?: Record<string, string> }>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: ns, name: 'cm' },
      data: { a: '1' },
    });
    const key = `${ns}/cm`;
    // the controller's label patch, then an update from outside once it is there
    let labelled = '';
    await eventually(async () => {
      const cm = await api.get(ConfigMap, { namespace: ns, name: 'cm' });
      expect(cm.metadata?.labels?.seen).toBe('yes');
      labelled = cm.metadata?.resourceVersion ?? '';
    });
    const updated = await api.patch(
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: ns, name: 'cm' } } as KubernetesObject,
      mergePatch({ data: { a: '2' } }),
    );
    await eventually(() => {
      const records = controller.recentReconciles(key).keys[0]?.reconciles ?? [];
      const causes = records.flatMap((r) => r.causes.map((c) => c.resourceVersion));
      expect(causes).toContain(updated.metadata?.resourceVersion);
    });

    const readerConfig = await kubeconfigOf('reader');
    const run = await operant(
      'why',
      'configmap',
      key,
      '--metrics-url',
      metricsUrl,
      '--insecure-skip-tls-verify',
      '--kubeconfig',
      readerConfig,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const text = run.stdout;
    expect(text).toContain(`Controller labeler-${suffix} (ConfigMap), ${key}\n`);
    const create = text.search(
      new RegExp(
        `- create ConfigMap ${key}( \\(initialList\\))?  resourceVersion ${created.metadata?.resourceVersion}  at `,
      ),
    );
    const write = text.indexOf(`      - PATCH ConfigMap ${key}  resourceVersion ${labelled}\n`);
    const ownUpdate = text.indexOf(`- update ConfigMap ${key}  resourceVersion ${labelled}  at `);
    const update = text.indexOf(`- update ConfigMap ${key}  resourceVersion ${updated.metadata?.resourceVersion}  at `);
    expect([create, write, ownUpdate, update].every((at) => at > 0)).toBe(true);
    expect(create < write && write < ownUpdate && ownUpdate < update).toBe(true);
    expect(text).toContain('watch kind source: ConfigMap, handler enqueueRequestForObject, predicates none\n');
    expect(text).toContain("(1 of them from this controller's own writes)\n");

    const json = await operant(
      'why',
      'ConfigMap',
      key,
      '--metrics-url',
      metricsUrl,
      '--insecure-skip-tls-verify',
      '--kubeconfig',
      readerConfig,
      '-o',
      'json',
    );
    const page = JSON.parse(json.stdout) as { controllers: { controller: string; kind?: string; keys: unknown[] }[] };
    expect(page.controllers.map((c) => [c.controller, c.kind, c.keys.length])).toEqual([
      [`labeler-${suffix}`, 'ConfigMap', 1],
    ]);

    const otherKind = await operant(
      'why',
      'Secret',
      key,
      '--metrics-url',
      metricsUrl,
      '--insecure-skip-tls-verify',
      '--kubeconfig',
      readerConfig,
    );
    expect(otherKind).toMatchObject({
      code: 1,
      stderr: `operant: no controller of the manager at ${metricsUrl} reconciles kind Secret (its controllers: labeler-${suffix} (ConfigMap))\n`,
    });
  }, 90_000);

  it('is refused without a token (401), denied without the role (403), and checks the certificate', async () => {
    const tokenless = join(dir, 'tokenless.kubeconfig');
    await writeFile(
      tokenless,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:6443' } }],
        users: [{ name: 'u', user: {} }],
        contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
        'current-context': 'x',
      }),
    );
    const base = ['why', 'ConfigMap', `${ns}/cm`, '--metrics-url', metricsUrl];
    expect(await operant(...base, '--insecure-skip-tls-verify', '--kubeconfig', tokenless)).toEqual({
      code: 1,
      stdout: '',
      stderr: `operant: the metrics server at ${metricsUrl} answered 401 Unauthorized: no token was sent; pass --token or --token-file (e.g. kubectl create token <serviceaccount>), or use a kubeconfig whose current user has a token\n`,
    });

    await kubeconfigOf('outsider');
    const { token } = (await serviceAccount(ns, 'outsider').kubeConfig()).getCurrentUser() ?? {};
    const tokenFile = join(dir, 'outsider.token');
    await writeFile(tokenFile, `${token}\n`);
    const denied = await operant(...base, '--insecure-skip-tls-verify', '--token-file', tokenFile);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toBe(
      `operant: the metrics server at ${metricsUrl} answered 403 Forbidden (Authorization denied for user system:serviceaccount:${ns}:outsider): the user needs get on the non-resource URL /debug/reconciles, e.g. a ClusterRole with the rule {nonResourceURLs: ["/debug/reconciles"], verbs: ["get"]} bound to it\n`,
    );

    const untrusted = await operant(...base, '--token-file', tokenFile);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toMatch(
      /^operant: unable to verify the certificate of the metrics server at https:\/\/127\.0\.0\.1:\d+ \(.+\): pass --certificate-authority with the CA that signed it, or --insecure-skip-tls-verify for the manager's self-signed certificate\n$/,
    );
  }, 60_000);
});
