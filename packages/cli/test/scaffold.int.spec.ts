// The scaffold path of docs/getting-started.md, as a user walks it, on a project generated
// into a temp folder: `operant init` (with the @operant/* packages packed from this
// workspace: --operant-source), `pnpm install` (everything else from the registry through
// pnpm's store), `operant create api`, the spec edit of docs/getting-started.md, then the
// project's own scripts: build, lint,
// manifests, helm, envtest + install-crds + run (the manager reconciles the sample and serves
// /readyz), deploy; then `operant create webhook --defaulting --programmatic-validation`
// (manifests, the kustomized deploy, and the webhooks served locally against pnpm envtest,
// as docs/webhooks.md walks it), and test (its envtest suites, none skipped).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { eventually } from '@operant/testing';
import { describeOrSkip, ownControlPlaneSkipReason } from '@operant/testing/jest';
import { parse, parseAllDocuments } from 'yaml';
import { Background, childEnv as env, freePort, runCommand, succeeded } from './fixtures/processes.js';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/getting-started.md', import.meta.url));
const skip = ownControlPlaneSkipReason({ controllerManager: true });
/**
 * The spec edit of the getting-started page (the code block after its marker): its import
 * lines replace the imports of the same modules, the rest goes below the `foo` field.
 */
function applySpecEdit(source: string, page: string): string {
  const block = /<!-- scaffold-test: spec edit -->\n```ts\n([\s\S]*?)```/.exec(page)?.[1];
  if (block === undefined) throw new Error('docs/getting-started.md has no spec edit block');
  const lines = block.split('\n');
  let result = source;
  for (const line of lines.filter((l) => l.startsWith('import '))) {
    const from = / from '[^']+';$/.exec(line)?.[0] ?? '';
    const old = result.split('\n').find((l) => l.startsWith('import ') && l.endsWith(from));
    if (old === undefined) throw new Error(`no import ending "${from}" to replace`);
    result = result.replace(old, line);
  }
  const field = lines.filter((l) => !l.startsWith('import ') && l.trim() !== '').join('\n');
  const foo = '  @IsOptional() @IsString() foo?: string;\n';
  if (!result.includes(foo)) throw new Error('the scaffolded spec has no foo field');
  return result.replace(foo, `${foo}\n${field}\n`);
}

describeOrSkip(`operant init + create api + create webhook`, skip, () => {
  let root: string;
  let project: string;
  const inProject = (command: string, ...args: string[]) => runCommand(command, args, project, env);
  const background: Background[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'operant-scaffold-'));
    project = join(root, 'redis-operator');
    const packs = join(root, 'packages');
    succeeded(await runCommand('pnpm', ['packages:pack', packs], workspace, env));
    // as the docs do: a folder named after the project, init in it
    await mkdir(project);
    succeeded(
      await runCommand(
        process.execPath,
        [cli, 'init', '--domain', 'example.com', '--name', 'redis-operator', '--operant-source', packs],
        project,
        env,
      ),
    );
  }, 60_000);

  /** `pnpm envtest` in the background, and the environment of a shell that exported its KUBECONFIG. */
  const startEnvtest = async () => {
    const envtest = new Background('pnpm', ['envtest'], project, env);
    background.push(envtest);
    const kubeconfig = await eventually(
      () => /export KUBECONFIG=(\S+)/.exec(envtest.output)?.[1] ?? Promise.reject(new Error(envtest.output)),
      120_000,
      200,
    );
    return { envtest, withCluster: { ...env, KUBECONFIG: kubeconfig } };
  };

  /** `pnpm run run` with these flags in the background, once its /readyz answers 200. */
  const runManager = async (withCluster: NodeJS.ProcessEnv, ...flags: string[]) => {
    const port = await freePort();
    const args = ['run', 'run', `--health-probe-bind-address=127.0.0.1:${port}`, ...flags];
    const manager = new Background('pnpm', args, project, withCluster);
    background.push(manager);
    await eventually(
      async () => {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch((err: Error) => {
          throw new Error(`${err.message}\n${manager.output}`);
        });
        expect(ready.status).toBe(200);
      },
      90_000,
      250,
    );
    return manager;
  };

  afterAll(async () => {
    for (const b of background.reverse()) await b.stop();
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('installs with pnpm; the bare project builds, lints and passes its own tests', async () => {
    succeeded(await inProject('pnpm', 'install'));
    succeeded(await inProject('pnpm', 'build'));
    succeeded(await inProject('pnpm', 'lint'));
    const tested = succeeded(await runCommand('pnpm', ['test'], project, { ...env, CI: 'true' }));
    expect(tested).toMatch(/Tests: +1 passed, 1 total/);
  }, 300_000);

  it('creates the RedisCluster API with the project’s own operant', async () => {
    const created = succeeded(
      await inProject(
        'pnpm',
        'exec',
        'operant',
        'create',
        'api',
        '--group',
        'cache',
        '--version',
        'v1',
        '--kind',
        'RedisCluster',
      ),
    );
    expect(created).toContain('src/controllers/rediscluster.controller.ts');
  }, 60_000);

  it('takes the spec edit of docs/getting-started.md', async () => {
    const types = join(project, 'src/api/v1/rediscluster.types.ts');
    await writeFile(types, applySpecEdit(await readFile(types, 'utf8'), await readFile(docs, 'utf8')));
    expect(await readFile(types, 'utf8')).toContain('@Max(10) @Default(1) size?: number;');
  });

  it('builds and lints', async () => {
    succeeded(await inProject('pnpm', 'build'));
    expect(succeeded(await inProject('pnpm', 'lint'))).toMatch(/Checked \d+ files/);
  }, 120_000);

  it('generates the CRD and the manager role from the classes (pnpm manifests)', async () => {
    succeeded(await inProject('pnpm', 'manifests'));
    const crd = parse(await readFile(join(project, 'config/crd/bases/cache.example.com_redisclusters.yaml'), 'utf8'));
    expect(crd).toMatchObject({
      kind: 'CustomResourceDefinition',
      metadata: { name: 'redisclusters.cache.example.com' },
      spec: { group: 'cache.example.com', scope: 'Namespaced', names: { kind: 'RedisCluster' } },
    });
    const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
    expect(spec.properties.size).toEqual({
      default: 1,
      description: 'How many Redis nodes to run.',
      format: 'int32',
      maximum: 10,
      minimum: 1,
      type: 'integer',
    });
    const status = crd.spec.versions[0].schema.openAPIV3Schema.properties.status;
    expect(status.properties.observedGeneration).toMatchObject({ type: 'integer', format: 'int64' });
    const role = parse(await readFile(join(project, 'config/rbac/role.yaml'), 'utf8'));
    expect(role.rules).toContainEqual({
      apiGroups: ['cache.example.com'],
      resources: ['redisclusters/status'],
      verbs: ['get', 'patch', 'update'],
    });
  }, 120_000);

  it('writes a Helm chart from config/default (pnpm helm) and finds it up to date (operant helm --check)', async () => {
    succeeded(await inProject('pnpm', 'helm'));
    expect(parse(await readFile(join(project, 'chart/Chart.yaml'), 'utf8'))).toMatchObject({
      name: 'redis-operator',
      version: '0.1.0',
    });
    const crd = await readFile(join(project, 'chart/templates/crd/redisclusters.cache.example.com.yaml'), 'utf8');
    expect(crd).toMatch(/^\{\{- if \.Values\.crd\.enable \}\}\napiVersion: apiextensions\.k8s\.io\/v1\n/);
    expect(succeeded(await inProject('pnpm', 'exec', 'operant', 'helm', '--check'))).toContain('is up to date');
  }, 120_000);

  it('runs against a local control plane: install-crds, run, and the sample is reconciled', async () => {
    const { envtest, withCluster } = await startEnvtest();
    succeeded(await runCommand('pnpm', ['install-crds'], project, withCluster));
    const manager = await runManager(withCluster);
    succeeded(await runCommand('kubectl', ['apply', '-k', 'config/samples'], project, withCluster));
    await eventually(async () => {
      const got = succeeded(
        await runCommand(
          'kubectl',
          [
            'get',
            'redisclusters.cache.example.com',
            'rediscluster-sample',
            '-o',
            'jsonpath={.status.observedGeneration}',
          ],
          project,
          withCluster,
        ),
      );
      expect(got.split('\n').at(-1)).toBe('1');
    }, 30_000);
    const patch = ['patch', 'redisclusters.cache.example.com', 'rediscluster-sample', '--type', 'merge'];
    const refused = await runCommand('kubectl', [...patch, '-p', '{"spec":{"size":0}}'], project, withCluster);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(
      'spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1',
    );
    await manager.stop();
    succeeded(await runCommand('kubectl', ['delete', '-k', 'config/samples'], project, withCluster));
    succeeded(await runCommand('pnpm', ['uninstall-crds'], project, withCluster));
    await envtest.stop();
  }, 300_000);

  it('deploys config/default to the local control plane and undeploys it (pnpm run deploy / undeploy)', async () => {
    const { envtest, withCluster } = await startEnvtest();
    const kubectl = async (...args: string[]) =>
      succeeded(await runCommand('kubectl', args, project, withCluster))
        .split('\n')
        .slice(1)
        .join('\n');
    succeeded(await runCommand('pnpm', ['run', 'deploy'], project, withCluster));
    // every object the API server accepted, with kustomize's namespace and name prefix (no node runs the Pod)
    const deployment = JSON.parse(
      await kubectl(
        'get',
        'deployment',
        'redis-operator-controller-manager',
        '-n',
        'redis-operator-system',
        '-o',
        'json',
      ),
    );
    expect(deployment.spec.template.spec).toMatchObject({
      serviceAccountName: 'redis-operator-controller-manager',
      securityContext: { runAsNonRoot: true },
    });
    // metrics on, as kubebuilder's config/default: HTTPS on 8443 behind TokenReview + SubjectAccessReview
    expect(deployment.spec.template.spec.containers[0].args).toContain('--metrics-bind-address=:8443');
    const service = JSON.parse(
      await kubectl(
        'get',
        'service',
        'redis-operator-controller-manager-metrics-service',
        '-n',
        'redis-operator-system',
        '-o',
        'json',
      ),
    );
    expect(service.spec.ports).toMatchObject([{ name: 'https', port: 8443, targetPort: 8443 }]);
    await kubectl('get', 'clusterrole', 'redis-operator-metrics-reader', 'redis-operator-metrics-auth-role');
    await kubectl('get', 'clusterrolebinding', 'redis-operator-metrics-auth-rolebinding');
    const binding = JSON.parse(
      await kubectl('get', 'clusterrolebinding', 'redis-operator-manager-rolebinding', '-o', 'json'),
    );
    expect(binding.roleRef.name).toBe('redis-operator-manager-role');
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: 'redis-operator-controller-manager', namespace: 'redis-operator-system' },
    ]);
    await kubectl('get', 'clusterrole', 'redis-operator-manager-role');
    await kubectl('get', 'role', 'redis-operator-leader-election-role', '-n', 'redis-operator-system');
    await kubectl(
      'get',
      'clusterrole',
      'redis-operator-rediscluster-editor-role',
      'redis-operator-rediscluster-viewer-role',
    );
    await kubectl('get', 'crd', 'redisclusters.cache.example.com');
    succeeded(await runCommand('pnpm', ['run', 'undeploy'], project, withCluster));
    const left = await runCommand(
      'kubectl',
      ['get', 'clusterrole', 'redis-operator-manager-role'],
      project,
      withCluster,
    );
    expect(left.output).toContain('NotFound');
    await envtest.stop();
  }, 300_000);

  it('creates the RedisCluster webhooks; pnpm manifests writes their configurations, config/default deploys them', async () => {
    const created = succeeded(
      await inProject(
        'pnpm',
        'exec',
        'operant',
        'create',
        'webhook',
        '--group',
        'cache',
        '--version',
        'v1',
        '--kind',
        'RedisCluster',
        '--defaulting',
        '--programmatic-validation',
      ),
    );
    expect(created).toContain('src/webhooks/v1/rediscluster.webhook.ts');
    succeeded(await inProject('pnpm', 'build'));
    succeeded(await inProject('pnpm', 'lint'));
    succeeded(await inProject('pnpm', 'manifests'));
    const configurations = parseAllDocuments(
      await readFile(join(project, 'config/webhook/manifests.yaml'), 'utf8'),
    ).map((d) => d.toJS());
    expect(configurations.map((c) => [c.kind, c.webhooks[0].name, c.webhooks[0].clientConfig.service.path])).toEqual([
      [
        'MutatingWebhookConfiguration',
        'mrediscluster-v1.cache.example.com',
        '/mutate-cache-example-com-v1-rediscluster',
      ],
      [
        'ValidatingWebhookConfiguration',
        'vrediscluster-v1.cache.example.com',
        '/validate-cache-example-com-v1-rediscluster',
      ],
    ]);
    // what a deploy ships (cert-manager is not on envtest: kustomize renders it, nothing applies it)
    const rendered = parseAllDocuments(
      succeeded(await inProject('kubectl', 'kustomize', 'config/default')).replace(/^\$.*\n/, ''),
    )
      .map((d) => d.toJS())
      .filter((o) => o !== null);
    const find = (kind: string) => rendered.find((o) => o.kind === kind);
    expect(find('ValidatingWebhookConfiguration')).toMatchObject({
      metadata: {
        annotations: { 'cert-manager.io/inject-ca-from': 'redis-operator-system/redis-operator-serving-cert' },
      },
      webhooks: [
        {
          clientConfig: {
            service: { name: 'redis-operator-webhook-service', namespace: 'redis-operator-system' },
          },
        },
      ],
    });
    expect(find('MutatingWebhookConfiguration')?.metadata.annotations).toEqual({
      'cert-manager.io/inject-ca-from': 'redis-operator-system/redis-operator-serving-cert',
    });
    expect(find('Certificate')?.spec.dnsNames).toEqual([
      'redis-operator-webhook-service.redis-operator-system.svc',
      'redis-operator-webhook-service.redis-operator-system.svc.cluster.local',
    ]);
    const manager = find('Deployment')?.spec.template.spec;
    expect(manager.containers[0].args).toContain('--webhook-cert-path=/tmp/k8s-webhook-server/serving-certs');
    expect(manager.volumes).toEqual([{ name: 'webhook-certs', secret: { secretName: 'webhook-server-cert' } }]);
  }, 180_000);

  it('serves the webhooks locally against pnpm envtest: a defaulted field, a denial naming kind and name', async () => {
    const { envtest, withCluster } = await startEnvtest();
    const flags = /pnpm run run (--webhook-cert-path=\S+ --webhook-port=\d+)/.exec(envtest.output)?.[1];
    expect(flags).toBeDefined();
    succeeded(await runCommand('pnpm', ['install-crds'], project, withCluster));
    const manager = await runManager(withCluster, ...(flags as string).split(' '));
    const plain = join(project, 'rediscluster-plain.yaml');
    await writeFile(
      plain,
      'apiVersion: cache.example.com/v1\nkind: RedisCluster\nmetadata:\n  name: plain\n  namespace: default\nspec: {}\n',
    );
    // the API server learns of the webhook configurations through an informer
    await eventually(async () => {
      succeeded(await runCommand('kubectl', ['apply', '-f', plain], project, withCluster));
      const foo = succeeded(
        await runCommand(
          'kubectl',
          ['get', 'redisclusters.cache.example.com', 'plain', '-n', 'default', '-o', 'jsonpath={.spec.foo}'],
          project,
          withCluster,
        ),
      );
      expect(foo.split('\n').at(-1)).toBe('bar');
    }, 30_000);
    const refused = await runCommand(
      'kubectl',
      [
        'patch',
        'redisclusters.cache.example.com',
        'plain',
        '-n',
        'default',
        '--type',
        'merge',
        '-p',
        '{"spec":{"foo":""}}',
      ],
      project,
      withCluster,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(
      'The RedisCluster "plain" is invalid: spec.foo: Invalid value: "": must not be empty',
    );
    await rm(plain);
    await manager.stop();
    await envtest.stop();
  }, 300_000);

  it('passes its own tests: the envtest suites run, none skipped (pnpm test)', async () => {
    // CI=true: missing envtest binaries fail the run instead of skipping its suites
    const run = await runCommand('pnpm', ['test'], project, { ...env, CI: 'true' });
    const output = succeeded(run);
    // manager, controller, the webhooks' unit spec and their envtest suite
    expect(output).toMatch(/Test Suites: 4 passed, 4 total/);
    expect(output).toMatch(/Tests: +7 passed, 7 total/);
    expect(output).not.toMatch(/skipped/);
  }, 300_000);
});
