// operant init --namespaced in-process: the Role and RoleBinding in the manager's namespace,
// the manifests script that keeps role.yaml a Role, WATCH_NAMESPACE from the downward API,
// the namespaced cache of src/main.ts, and create api refusing a cluster-scoped kind there.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { createApi } from '../../create-api/command.js';
import type { CommandIo } from '../../io.js';
import { init } from '../command.js';

const quiet: CommandIo = { stdout: () => undefined, stderr: () => undefined };

describe('operant init --namespaced', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-namespaced-'));
    await init({ domain: 'example.com', name: 'team-operator', repoDir: dir, namespaced: true }, quiet);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = (path: string) => readFile(join(dir, path), 'utf8');

  it('records the scope in PROJECT', async () => {
    expect(parse(await read('PROJECT'))).toMatchObject({ namespaced: true, projectName: 'team-operator' });
  });

  it("binds a Role in the manager's namespace instead of a ClusterRole", async () => {
    const role = parseAllDocuments(await read('config/rbac/role.yaml')).map((d) => d.toJS());
    expect(role).toEqual([
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { name: 'manager-role', namespace: 'system' },
        rules: [],
      },
    ]);
    expect(parse(await read('config/rbac/role_binding.yaml'))).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'manager-rolebinding', namespace: 'system' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'manager-role' },
      subjects: [{ kind: 'ServiceAccount', name: 'controller-manager', namespace: 'system' }],
    });
    expect(JSON.parse(await read('package.json')).scripts.manifests).toBe(
      'operant crd-gen src/api --out config/crd/bases && operant rbac-gen src/controllers -o config/rbac/role.yaml --namespace system',
    );
  });

  it("passes the pod's namespace as WATCH_NAMESPACE and caches only it", async () => {
    const [, deployment] = parseAllDocuments(await read('config/manager/manager.yaml')).map((d) => d.toJS());
    expect(deployment.spec.template.spec.containers[0].env).toContainEqual({
      name: 'WATCH_NAMESPACE',
      valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } },
    });
    const main = await read('src/main.ts');
    expect(main).toContain("(process.env.WATCH_NAMESPACE ?? '').split(',')");
    expect(main).toContain('cache: { defaultNamespaces: namespaces, clusterWide: false },');
    expect(main).toContain('leaderElectionNamespace: options.leaderElectionNamespace ?? namespaces[0],');
  });

  it('leaves a cluster-wide project as it was', async () => {
    const other = await mkdtemp(join(tmpdir(), 'operant-cluster-'));
    try {
      await init({ domain: 'example.com', name: 'team-operator', repoDir: other }, quiet);
      const project = await readFile(join(other, 'PROJECT'), 'utf8');
      expect(parse(project).namespaced).toBeUndefined();
      expect(await readFile(join(other, 'config/rbac/role.yaml'), 'utf8')).toContain('kind: ClusterRole');
      expect(await readFile(join(other, 'src/main.ts'), 'utf8')).not.toContain('WATCH_NAMESPACE');
      expect(await readFile(join(other, 'config/manager/manager.yaml'), 'utf8')).not.toContain('WATCH_NAMESPACE');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('lets create api add a namespaced kind and refuses a cluster-scoped one', async () => {
    await createApi({ group: 'cache', version: 'v1', kind: 'Memcached', repoDir: dir }, quiet);
    expect(await read('src/api/v1/memcached.types.ts')).toContain("scope: 'Namespaced'");
    await expect(
      createApi({ group: 'infra', version: 'v1', kind: 'Zone', namespaced: false, repoDir: dir }, quiet),
    ).rejects.toThrow(
      "unable to create the API infra.example.com/v1 Zone: it is cluster-scoped and the project is namespaced (its manager's Role cannot grant a cluster-scoped kind)",
    );
  });
});
