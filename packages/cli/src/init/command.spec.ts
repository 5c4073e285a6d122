// operant init in-process into temp folders: the kubebuilder-style file set, the scripts of
// LAYOUT.md, the compiler flags decorators need, and the refusals (non-empty folder, bad
// names, missing tarballs).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { CliError } from '../errors.js';
import type { CommandIo } from '../io.js';
import { init } from './command.js';

const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };

describe('operant init', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-init-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = (path: string) => readFile(join(dir, path), 'utf8');

  it('writes the project of LAYOUT.md', async () => {
    const written = await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
    expect(written.sort()).toEqual(
      [
        '.dockerignore',
        '.gitignore',
        '.swcrc',
        'Dockerfile',
        'PROJECT',
        'README.md',
        'biome.json',
        'config/crd/kustomization.yaml',
        'config/default/kustomization.yaml',
        'config/default/manager_metrics_patch.yaml',
        'config/default/metrics_service.yaml',
        'config/manager/kustomization.yaml',
        'config/manager/manager.yaml',
        'config/network-policy/allow-metrics-traffic.yaml',
        'config/network-policy/allow-webhook-traffic.yaml',
        'config/network-policy/kustomization.yaml',
        'config/rbac/kustomization.yaml',
        'config/rbac/leader_election_role.yaml',
        'config/rbac/leader_election_role_binding.yaml',
        'config/rbac/metrics_auth_role.yaml',
        'config/rbac/metrics_auth_role_binding.yaml',
        'config/rbac/metrics_reader_role.yaml',
        'config/rbac/role.yaml',
        'config/rbac/role_binding.yaml',
        'config/rbac/service_account.yaml',
        'config/samples/kustomization.yaml',
        'config/sharding/kustomization.yaml',
        'config/sharding/leader_election_role_sharding_patch.yaml',
        'config/sharding/manager_sharding_patch.yaml',
        'jest.config.js',
        'package.json',
        'pnpm-workspace.yaml',
        'scripts/envtest.mjs',
        'src/api/.gitkeep',
        'src/app.module.ts',
        'src/controllers/.gitkeep',
        'src/main.ts',
        'test/manager.int.spec.ts',
        'tsconfig.json',
        'tsconfig.test.json',
      ].sort(),
    );
    expect(parse(await read('PROJECT'))).toEqual({
      domain: 'example.com',
      layout: ['operant.dev/v1'],
      projectName: 'redis-operator',
      version: '3',
    });
    const pkg = JSON.parse(await read('package.json'));
    expect(pkg).toMatchObject({ name: 'redis-operator', type: 'module' });
    expect(Object.keys(pkg.scripts)).not.toContain('install');
    expect(pkg.scripts).toMatchObject({
      build: 'tsc -p tsconfig.json',
      lint: 'biome check .',
      manifests:
        'operant crd-gen src/api --out config/crd/bases && operant rbac-gen src/controllers -o config/rbac/role.yaml',
      'install-crds': 'kubectl apply -k config/crd',
      deploy: 'kubectl apply -k config/default',
      'build-installer': 'pnpm manifests && mkdir -p dist && kubectl kustomize config/default -o dist/install.yaml',
      helm: 'pnpm build-installer && operant helm',
    });
    // tests are type-checked before jest runs; the integration project alone has the envtest setup
    expect(pkg.scripts.test).toBe(
      'tsc -p tsconfig.test.json && node --experimental-vm-modules node_modules/jest/bin/jest.js',
    );
    expect(JSON.parse(await read('tsconfig.test.json'))).toEqual({
      extends: './tsconfig.json',
      compilerOptions: { noEmit: true, rootDir: '.' },
      include: ['src', 'test'],
      exclude: [],
    });
    const jest = await read('jest.config.js');
    expect(jest.match(/globalSetup:/g)).toHaveLength(1);
    expect(jest).toMatch(
      /displayName: 'integration',\s+testMatch: \['<rootDir>\/test\/\*\*\/\*\.spec\.ts'\],\s+globalSetup:/,
    );
    expect(pkg.dependencies['@operant/core']).toBe('^0.1.0');
    expect(pkg.devDependencies['@operant/cli']).toBe('^0.1.0');
    const tsconfig = JSON.parse(await read('tsconfig.json'));
    expect(tsconfig.compilerOptions).toMatchObject({ experimentalDecorators: true, emitDecoratorMetadata: true });
    expect(JSON.parse(await read('biome.json')).linter.rules.style.useImportType).toBe('off');
    expect(await read('Dockerfile')).toMatch(
      /FROM node:24 AS builder[\s\S]*FROM gcr.io\/distroless\/nodejs24[\s\S]*USER 65532:65532/,
    );
    const main = await read('src/main.ts');
    expect(main).toMatch(
      /managerOptionsFromFlags\(process.argv.slice\(2\), \{\s+leaderElectionID: '[0-9a-f]{8}\.example\.com',\s+leaderElectionReleaseOnCancel: true,\s+\}\)/,
    );
    expect(main).toMatch(/await runOperator\(async \(signal\) => \{[\s\S]*await app.start\(signal\);\n\}\);\n$/);
    expect(main).toContain("addHealthzCheck('healthz'");
    expect(main).toContain("addReadyzCheck('readyz'");
    const kustomization = parse(await read('config/default/kustomization.yaml'));
    expect(kustomization).toEqual({
      namespace: 'redis-operator-system',
      namePrefix: 'redis-operator-',
      resources: ['../crd', '../rbac', '../manager', 'metrics_service.yaml'],
      patches: [{ path: 'manager_metrics_patch.yaml', target: { kind: 'Deployment' } }],
    });
    const [, deployment] = (await read('config/manager/manager.yaml')).split('---\n').map((d) => parse(d));
    expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(deployment.spec.template.spec.containers[0].args).toEqual([
      '--leader-elect',
      '--health-probe-bind-address=:8081',
    ]);
    // above the manager's default drain bound (30 s) with a margin
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBe(45);
  });

  it('protects metrics as kubebuilder does: HTTPS on 8443 behind TokenReview and SubjectAccessReview', async () => {
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
    expect(parse(await read('config/default/manager_metrics_patch.yaml'))).toEqual([
      { op: 'add', path: '/spec/template/spec/containers/0/args/0', value: '--metrics-bind-address=:8443' },
    ]);
    expect(parse(await read('config/default/metrics_service.yaml'))).toMatchObject({
      kind: 'Service',
      metadata: { name: 'controller-manager-metrics-service', namespace: 'system' },
      spec: {
        ports: [{ name: 'https', port: 8443, protocol: 'TCP', targetPort: 8443 }],
        selector: { 'control-plane': 'controller-manager', 'app.kubernetes.io/name': 'redis-operator' },
      },
    });
    expect(parse(await read('config/rbac/kustomization.yaml')).resources).toEqual(
      expect.arrayContaining(['metrics_auth_role.yaml', 'metrics_auth_role_binding.yaml', 'metrics_reader_role.yaml']),
    );
    expect(parse(await read('config/rbac/metrics_auth_role.yaml'))).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'metrics-auth-role' },
      rules: [
        { apiGroups: ['authentication.k8s.io'], resources: ['tokenreviews'], verbs: ['create'] },
        { apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] },
      ],
    });
    expect(parse(await read('config/rbac/metrics_auth_role_binding.yaml'))).toMatchObject({
      kind: 'ClusterRoleBinding',
      roleRef: { kind: 'ClusterRole', name: 'metrics-auth-role' },
      subjects: [{ kind: 'ServiceAccount', name: 'controller-manager', namespace: 'system' }],
    });
    expect(parse(await read('config/rbac/metrics_reader_role.yaml'))).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'metrics-reader' },
      rules: [{ nonResourceURLs: ['/metrics'], verbs: ['get'] }],
    });
  });

  it("sizes memory as the example operator's measured burst does, with V8's heap capped below the limit", async () => {
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
    const [, deployment] = (await read('config/manager/manager.yaml')).split('---\n').map((d) => parse(d));
    const resources = deployment.spec.template.spec.containers[0].resources;
    expect(resources).toEqual({ limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '10m', memory: '128Mi' } });
    const entrypoint = /^ENTRYPOINT .*$/m.exec(await read('Dockerfile'))?.[0];
    expect(entrypoint).toBe(
      'ENTRYPOINT ["/nodejs/bin/node", "--max-old-space-size-percentage=50", "--max-semi-space-size=1", "--heap-growing-percent=50", "dist/main.js"]',
    );
    // the Node the image ships takes these flags (an unknown V8 flag would stop it at start)
    const flags = (JSON.parse(entrypoint?.slice('ENTRYPOINT '.length) ?? '[]') as string[]).slice(1, -1);
    const run = spawnSync(process.execPath, [...flags, '-e', '0'], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    // the example is where the figures were measured (its fault suite runs it in a cgroup at this limit)
    const example = new URL('../../../../examples/redis-operator/', import.meta.url);
    const [, exampleDeployment] = (await readFile(new URL('config/manager/manager.yaml', example), 'utf8'))
      .split('---\n')
      .map((d) => parse(d));
    expect(exampleDeployment.spec.template.spec.containers[0].resources).toEqual(resources);
    expect(await readFile(new URL('Dockerfile', example), 'utf8')).toContain(`\n${entrypoint}\n`);
  });

  it('names the project after its folder when --name is absent', async () => {
    const project = join(dir, 'memcached-operator');
    await init({ domain: 'example.com', repoDir: project }, quiet);
    expect(JSON.parse(await readFile(join(project, 'package.json'), 'utf8')).name).toBe('memcached-operator');
  });

  it("scaffolds RBAC without Leases in the ClusterRole, main.ts's Lease by name and Events of both APIs in the leader-election Role", async () => {
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
    const id = /leaderElectionID: '([^']+)'/.exec(await read('src/main.ts'))?.[1];
    expect(id).toMatch(/^[0-9a-f]{8}\.example\.com$/);
    expect(parse(await read('config/rbac/leader_election_role.yaml'))).toMatchObject({
      kind: 'Role',
      metadata: { name: 'leader-election-role', namespace: 'system' },
      rules: [
        { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create'] },
        {
          apiGroups: ['coordination.k8s.io'],
          resourceNames: [id],
          resources: ['leases'],
          verbs: ['get', 'list', 'watch', 'update', 'patch', 'delete'],
        },
        { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] },
        { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
      ],
    });
    expect(parse((await read('config/rbac/role.yaml')).split('---\n')[1] ?? '')).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'manager-role' },
      rules: [],
    });
  });

  it('scaffolds sharding as a Component that config/default lists commented out: 3 replicas, --sharding, member Leases', async () => {
    await init({ domain: 'example.com', name: 'redis-operator', repoDir: dir }, quiet);
    const defaults = await read('config/default/kustomization.yaml');
    expect(parse(defaults).components).toBeUndefined();
    expect(parse(defaults.replace('#components:\n#  - ../sharding\n', 'components:\n  - ../sharding\n'))).toMatchObject(
      {
        components: ['../sharding'],
      },
    );
    expect(parse(await read('config/sharding/kustomization.yaml'))).toEqual({
      apiVersion: 'kustomize.config.k8s.io/v1alpha1',
      kind: 'Component',
      patches: [
        { path: 'manager_sharding_patch.yaml', target: { kind: 'Deployment', name: 'controller-manager' } },
        { path: 'leader_election_role_sharding_patch.yaml', target: { kind: 'Role', name: 'leader-election-role' } },
      ],
    });
    expect(parse(await read('config/sharding/manager_sharding_patch.yaml'))).toEqual([
      { op: 'replace', path: '/spec/replicas', value: 3 },
      { op: 'add', path: '/spec/template/spec/containers/0/args/-', value: '--sharding' },
    ]);
    // create is in the leader-election Role already; member Lease names are not known in advance
    expect(parse(await read('config/sharding/leader_election_role_sharding_patch.yaml'))).toEqual([
      {
        op: 'add',
        path: '/rules/-',
        value: {
          apiGroups: ['coordination.k8s.io'],
          resources: ['leases'],
          verbs: ['get', 'list', 'watch', 'update', 'delete'],
        },
      },
    ]);
    expect(await read('src/main.ts')).toContain('--sharding');
    expect(await read('README.md')).toContain('uncomment `components: [../sharding]`');
  });

  it('refuses a non-empty folder unless --force', async () => {
    await writeFile(join(dir, 'notes.txt'), 'mine');
    await expect(init({ domain: 'example.com', name: 'x', repoDir: dir }, quiet)).rejects.toThrow(
      `unable to init in ${dir}: it is not empty (notes.txt); use --force to write anyway`,
    );
    await init({ domain: 'example.com', name: 'x', repoDir: dir, force: true }, quiet);
    expect(await read('notes.txt')).toBe('mine');
  });

  it('refuses bad names before writing anything', async () => {
    const err = await init({ domain: 'example.com', name: 'Redis_Operator', repoDir: dir }, quiet).catch((e) => e);
    expect(CliError.is(err, 'invalidName')).toBe(true);
    expect((err as Error).message).toContain('--name "Redis_Operator" is invalid');
    await expect(init({ domain: 'EXAMPLE', name: 'x', repoDir: dir }, quiet)).rejects.toThrow('--domain "EXAMPLE"');
    await expect(readFile(join(dir, 'PROJECT'))).rejects.toThrow();
  });

  it('--operant-source points every @operant/* at the tarballs, transitive ones through overrides', async () => {
    const packs = join(dir, 'packs');
    await mkdir(packs);
    for (const p of ['core', 'crd', 'testing', 'cli']) await writeFile(join(packs, `operant-${p}-0.1.0.tgz`), '');
    const project = join(dir, 'p');
    await init({ domain: 'example.com', name: 'p', repoDir: project, operantSource: packs }, quiet);
    const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
    expect(pkg.dependencies['@operant/core']).toBe(`file:${packs}/operant-core-0.1.0.tgz`);
    expect(pkg.devDependencies['@operant/testing']).toBe(`file:${packs}/operant-testing-0.1.0.tgz`);
    const workspace = parse(await readFile(join(project, 'pnpm-workspace.yaml'), 'utf8'));
    expect(workspace.overrides['@operant/crd']).toBe(`file:${packs}/operant-crd-0.1.0.tgz`);
    expect(workspace.allowBuilds['@swc/core']).toBe(true);

    await rm(join(packs, 'operant-cli-0.1.0.tgz'));
    await expect(
      init({ domain: 'example.com', name: 'q', repoDir: join(dir, 'q'), operantSource: packs }, quiet),
    ).rejects.toThrow(`--operant-source ${packs} has no operant-cli-<version>.tgz`);
  });
});
