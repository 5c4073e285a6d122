/**
 * The Helm chart `operant helm` writes from this example's kustomize output, checked with
 * the real helm (built from Go modules by scripts/helm.sh, cached) on a control plane of its
 * own:
 * - `helm lint --strict` passes, and `helm template` renders, with the defaults and with every
 *   option on (sharding, NetworkPolicy, the RBAC helper roles), manifests the API server
 *   accepts in a server-side dry run;
 * - installed as rendered (CRD, ServiceAccount, roles and bindings, Deployment), the chart's
 *   RBAC is all the manager needs: run with the chart ServiceAccount's own token, it wins
 *   leader election, reconciles a sample, and is refused nothing;
 * - config/network-policy, once config/default lists it, renders NetworkPolicies the API
 *   server accepts, and the chart generated from that output has them on by default.
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { V1Deployment } from '@kubernetes/client-node';
import { helm } from '@operant/cli';
import { ApiClient } from '@operant/core/client';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { parseAllDocuments } from 'yaml';
import type { RedisCluster } from '../src/index.js';
import {
  counter,
  leaderElectedOperator,
  recordingLogger,
  serviceAccountToken,
  tokenKubeConfig,
} from './fixtures/operator.js';

const example = fileURLToPath(new URL('..', import.meta.url));
const helmScript = fileURLToPath(new URL('../../../scripts/helm.sh', import.meta.url));
const mainSource = await readFile(join(example, 'src/main.ts'), 'utf8');
const leaseName = /leaderElectionID: '([^']+)'/.exec(mainSource)?.[1] ?? 'no leaderElectionID in src/main.ts';
const operatorNs = 'redis-operator-system';
const serviceAccount = 'redis-operator-controller-manager'; // config/default's name prefix
const quiet = { stdout: () => undefined, stderr: () => undefined };
const skip = ownControlPlaneSkipReason();

/** Runs a command; resolves to its stdout, rejects with its stderr. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { env, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')}: ${stderr || error.message}`)),
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

const kinds = (yaml: string) =>
  parseAllDocuments(yaml)
    .map((d) => d.toJS() as { kind: string; metadata: { name: string } } | null)
    .filter((o) => o !== null)
    .map((o) => `${o.kind} ${o.metadata.name}`)
    .sort();

describeOrSkip('the Helm chart of operant helm, with the real helm', skip, () => {
  const env = useControlPlane();
  let dir: string;
  let helmBin: string;
  let chart: string;
  let withCluster: NodeJS.ProcessEnv;
  const kubectl = (args: string[], input?: string) => run('kubectl', args, withCluster, input);
  // envtest has no cert-manager CRDs: webhooks, once the example has them, take webhook.caBundle
  const template = (from: string, ...sets: string[]) =>
    run(helmBin, [
      'template',
      'redis',
      from,
      '--namespace',
      operatorNs,
      ...['certManager.enable=false', ...sets].flatMap((s) => ['--set', s]),
    ]);
  /** The chart of config/default as kustomize renders it (`pnpm build-installer`, then `operant helm`). */
  const chartOf = async (configDefault: string, name: string) => {
    const input = join(dir, `${name}.yaml`);
    await kubectl(['kustomize', configDefault, '-o', input]);
    return helm({ input, output: join(dir, name), name: 'redis-operator', chartVersion: '0.1.0' }, quiet);
  };

  beforeAll(async () => {
    // a quick no-op once built (CI builds it in scripts/setup.sh); the first build takes minutes
    helmBin = process.env.OPERANT_HELM ?? (await run('bash', [helmScript])).trim().split('\n').pop() ?? 'helm';
    dir = await mkdtemp(join(tmpdir(), 'operant-helm-'));
    withCluster = { ...process.env, KUBECONFIG: await env.writeKubeconfig(join(dir, 'kubeconfig')) };
    const admin = new ApiClient({ kubeConfig: env.kubeConfig() });
    for (const name of [operatorNs, 'apps'])
      await admin.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    chart = await chartOf(join(example, 'config/default'), 'chart');
  }, 900_000);

  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('passes helm lint and renders, with the defaults and every option on, what the API server accepts', async () => {
    expect(await run(helmBin, ['lint', '--strict', chart])).toContain('0 chart(s) failed');
    const defaults = await template(chart);
    const everything = await template(chart, 'sharding.enable=true', 'networkPolicy.enable=true', 'rbac.helpers=true');
    const all = kinds(everything);
    expect(all).toEqual(
      expect.arrayContaining([
        'CustomResourceDefinition redisclusters.cache.example.com',
        'Deployment redis-operator-controller-manager',
        'NetworkPolicy redis-operator-allow-metrics-traffic',
        'ClusterRole redis-operator-rediscluster-editor-role',
      ]),
    );
    expect(kinds(defaults)).toEqual(all.filter((k) => !/NetworkPolicy|editor-role|viewer-role/.test(k)));
    expect(everything).toContain('- --sharding');
    for (const rendered of [defaults, everything]) {
      expect(await kubectl(['apply', '--server-side', '--dry-run=server', '-f', '-'], rendered)).toContain(
        'deployment.apps/redis-operator-controller-manager serverside-applied (server dry run)',
      );
    }
  });

  it("lets the example's manager win the election and reconcile a sample with the chart's RBAC only", async () => {
    const rendered = await template(chart);
    await kubectl(['apply', '--server-side', '-f', '-'], rendered);
    await kubectl(['wait', '--for=condition=Established', 'crd/redisclusters.cache.example.com', '--timeout=60s']);
    const token = await serviceAccountToken(env.kubeConfig(), operatorNs, serviceAccount);
    const logger = recordingLogger();
    const app = await leaderElectedOperator(
      tokenKubeConfig(env.kubeConfig(), token, serviceAccount),
      operatorNs,
      leaseName,
      logger,
    );
    const running = app.start();
    try {
      const admin = new ApiClient({ kubeConfig: env.kubeConfig() });
      await admin.create({
        apiVersion: 'cache.example.com/v1',
        kind: 'RedisCluster',
        metadata: { namespace: 'apps', name: 'cache' },
        spec: { size: 1, image: 'redis:7.4' },
      } as unknown as RedisCluster);
      await eventually(() => admin.get(V1Deployment, { namespace: 'apps', name: 'cache' }), 60_000);
      expect(logger.entries.some((e) => e.message === 'successfully acquired lease')).toBe(true);
      expect(await counter(app, 'rest_client_requests_total', { code: '403' })).toBe(0);
    } finally {
      await app.stop();
      await running;
    }
  });

  it('renders config/network-policy, once config/default lists it, into NetworkPolicies the API server accepts', async () => {
    const config = join(dir, 'config');
    await cp(join(example, 'config'), config, { recursive: true });
    const path = join(config, 'default/kustomization.yaml');
    const text = await readFile(path, 'utf8');
    expect(text).toContain('  #- ../network-policy\n');
    await writeFile(path, text.replace('  #- ../network-policy\n', '  - ../network-policy\n'));
    const rendered = await kubectl(['kustomize', join(config, 'default')]);
    const policies = parseAllDocuments(rendered)
      .map((d) => d.toJS() as { kind: string } | null)
      .filter((o) => o?.kind === 'NetworkPolicy');
    expect(policies).toEqual([
      expect.objectContaining({
        metadata: expect.objectContaining({ name: 'redis-operator-allow-metrics-traffic', namespace: operatorNs }),
      }),
    ]);
    const policyYaml = policies.map((p) => JSON.stringify(p)).join('\n');
    expect(await kubectl(['apply', '--dry-run=server', '-f', '-'], policyYaml)).toContain(
      'networkpolicy.networking.k8s.io/redis-operator-allow-metrics-traffic created (server dry run)',
    );
    const withPolicies = await chartOf(join(config, 'default'), 'chart-with-policies');
    expect(await readFile(join(withPolicies, 'values.yaml'), 'utf8')).toContain('networkPolicy:\n  enable: true\n');
    expect(kinds(await template(withPolicies))).toContain('NetworkPolicy redis-operator-allow-metrics-traffic');
  });
});
