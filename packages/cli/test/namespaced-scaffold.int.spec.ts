// A namespaced multigroup project (`operant init --namespaced --multigroup`, two `create api`
// in two groups) on the real kube-apiserver of jest's global setup, without a pnpm install:
// the generators run in-process into a temp folder whose node_modules links this workspace's
// packages, its sources build (tsc), its manifests script runs with the built CLI, and
// config/default is applied with kubectl (the `deploy` script's `kubectl apply -k`). The
// manager's ServiceAccount may then work on both groups' kinds in its namespace and nowhere
// else (SubjectAccessReview, as `kubectl auth can-i --as` asks); with its own token, a cache
// limited to its namespace syncs, and a cluster-wide one is refused before any request; and
// the built manager, run with that token and WATCH_NAMESPACE, takes its Lease and reconciles
// an object in its namespace, not the one in another.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Cache } from '@operant/core/cache';
import { ApiClient, ClientError } from '@operant/core/client';
import { Namespace } from '@operant/core/kinds';
import { resourceType } from '@operant/core/resources';
import { eventually } from '@operant/testing';
import { describeWithControlPlane, KUBECONFIG_VAR, sharedKubeConfig } from '@operant/testing/jest';
import { parse } from 'yaml';
import { createApi } from '../src/create-api/command.js';
import { init } from '../src/init/command.js';
import { Background, childEnv, freePort, runCommand, succeeded } from './fixtures/processes.js';
import { serviceAccount } from './fixtures/service-account.js';

const name = `scoped-${randomBytes(3).toString('hex')}`;
const namespace = `${name}-system`; // config/default's namespace
const manager = serviceAccount(namespace, `${name}-controller-manager`);
const quiet = { stdout: () => undefined, stderr: () => undefined };
const cliPackage = fileURLToPath(new URL('..', import.meta.url));
const cli = join(cliPackage, 'dist/main.js');
const kinds = [
  { group: 'cache.example.com', resource: 'memcacheds' },
  { group: 'ship.example.com', resource: 'vessels' },
];
const Memcached = resourceType({
  group: 'cache.example.com',
  version: 'v1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

interface Attributes {
  group: string;
  resource: string;
  verb: string;
  namespace?: string;
}

describeWithControlPlane('operant init --namespaced --multigroup: the RBAC on the API server', () => {
  let root: string;
  let project: string;
  let admin: ApiClient;
  const stop = new AbortController();
  const inProject = async (command: string, ...args: string[]) =>
    succeeded(await runCommand(command, args, project, { ...childEnv, KUBECONFIG: process.env[KUBECONFIG_VAR] }));

  /** A SubjectAccessReview for the manager's ServiceAccount. */
  const canI = (attributes: Attributes) => manager.canI(admin, attributes);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'operant-namespaced-'));
    project = join(root, name);
    await init({ domain: 'example.com', name, repoDir: project, namespaced: true, multigroup: true }, quiet);
    await createApi({ group: 'cache', version: 'v1', kind: 'Memcached', repoDir: project }, quiet);
    await createApi({ group: 'ship', version: 'v1', kind: 'Vessel', repoDir: project }, quiet);
    // what `pnpm install` would give the project: the CLI package's dependencies, and Node's types
    await mkdir(join(project, 'node_modules'));
    const modules = join(cliPackage, 'node_modules');
    for (const entry of await readdir(modules)) {
      if (!entry.startsWith('.') && entry !== '@types') {
        await symlink(join(modules, entry), join(project, 'node_modules', entry));
      }
    }
    // @types: Node's (the workspace root's) and the CLI's own, side by side
    const types = join(project, 'node_modules/@types');
    await mkdir(types);
    for (const dir of [join(cliPackage, '../../node_modules/@types'), join(modules, '@types')]) {
      const entries = await readdir(dir).catch(() => []);
      for (const entry of entries) await symlink(join(dir, entry), join(types, entry));
    }
    const manifests: string = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')).scripts.manifests;
    for (const step of manifests.split(' && ')) {
      const [command, ...args] = step.split(' ');
      expect(command).toBe('operant');
      await inProject(process.execPath, cli, ...args);
    }
    admin = new ApiClient({ kubeConfig: sharedKubeConfig() });
    await inProject('kubectl', 'apply', '-k', 'config/default');
    await admin.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${name}-other` } });
  }, 120_000);

  afterAll(async () => {
    stop.abort();
    if (project === undefined) return;
    await inProject('kubectl', 'delete', '-k', 'config/default', '--ignore-not-found', '--wait=false').catch(
      () => undefined,
    );
    await admin?.delete({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${name}-other` } }).catch(() => 0);
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('builds, with both groups under folders of their own (pnpm build)', async () => {
    await inProject(process.execPath, join(cliPackage, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json');
  }, 60_000);

  it("writes one Role in the manager's namespace for the controllers of every group", async () => {
    const role = parse((await readFile(join(project, 'config/rbac/role.yaml'), 'utf8')).replace(/^#.*\n---\n/, ''));
    expect(role.kind).toBe('Role');
    expect(role.metadata).toEqual({ name: 'manager-role', namespace: 'system' });
    expect(role.rules.flatMap((r: { apiGroups: string[] }) => r.apiGroups)).toEqual(
      expect.arrayContaining(kinds.map((k) => k.group)),
    );
  });

  it('lets the ServiceAccount work on both kinds in its namespace', async () => {
    for (const kind of kinds) {
      for (const verb of ['get', 'list', 'watch', 'update', 'patch']) {
        expect({ ...kind, verb, allowed: await canI({ ...kind, verb, namespace }) }).toEqual({
          ...kind,
          verb,
          allowed: true,
        });
      }
      expect(await canI({ ...kind, resource: `${kind.resource}/status`, verb: 'update', namespace })).toBe(true);
    }
  });

  it('refuses the ServiceAccount in another namespace and across the cluster', async () => {
    for (const kind of kinds) {
      for (const elsewhere of [`${name}-other`, 'default']) {
        expect({ ...kind, elsewhere, allowed: await canI({ ...kind, verb: 'list', namespace: elsewhere }) }).toEqual({
          ...kind,
          elsewhere,
          allowed: false,
        });
      }
      expect(await canI({ ...kind, verb: 'list' })).toBe(false); // all namespaces
    }
  });

  it("syncs a cache of its namespace with the manager's token and refuses a cluster-wide one", async () => {
    const kubeConfig = await manager.kubeConfig();
    const cache = new Cache({ kubeConfig, defaultNamespaces: [namespace], clusterWide: false });
    cache.getInformer(Memcached);
    const running = cache.start(stop.signal);
    expect(await cache.waitForCacheSync(AbortSignal.any([stop.signal, AbortSignal.timeout(30_000)]))).toBe(true);
    await expect(cache.get(Memcached, { namespace: `${name}-other`, name: 'x' })).rejects.toThrow(
      `unable to get Memcached ${name}-other/x: the cache of Memcached holds only namespaces ${namespace}`,
    );
    expect(() => cache.getInformer(Namespace)).toThrow('unable to watch Namespace: it is cluster-scoped');
    // what the cache spares it: the API server's answer to a cluster-wide list
    const refused = await new ApiClient({ kubeConfig }).list(Memcached).catch((e: unknown) => e);
    expect(ClientError.is(refused, 'forbidden')).toBe(true);
    stop.abort();
    await running;
  }, 60_000);

  it('runs as its ServiceAccount in its namespace: elected, ready, and reconciling there only', async () => {
    const kubeconfig = join(root, 'manager.kubeconfig');
    await writeFile(kubeconfig, (await manager.kubeConfig()).exportConfig());
    const port = await freePort();
    const run = new Background(
      process.execPath,
      ['dist/main.js', '--leader-elect', `--health-probe-bind-address=127.0.0.1:${port}`],
      project,
      { ...childEnv, KUBECONFIG: kubeconfig, WATCH_NAMESPACE: namespace },
    );
    try {
      await eventually(
        async () => {
          const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch((err: Error) => {
            throw new Error(`${err.message}\n${run.output}`);
          });
          expect(ready.status).toBe(200);
        },
        60_000,
        250,
      );
      const object = (ns: string) => ({
        apiVersion: 'cache.example.com/v1',
        kind: 'Memcached',
        metadata: { namespace: ns, name: 'sample' },
        spec: { foo: 'bar' },
      });
      await admin.create(object(namespace));
      await admin.create(object(`${name}-other`));
      await eventually(async () => {
        const mine = await admin.get(Memcached, { namespace, name: 'sample' });
        expect((mine as { status?: { observedGeneration?: number } }).status?.observedGeneration).toBe(1);
      });
      const theirs = await admin.get(Memcached, { namespace: `${name}-other`, name: 'sample' });
      expect((theirs as { status?: unknown }).status).toBeUndefined();
      expect(run.output).not.toMatch(/forbidden/i);
    } finally {
      expect(await run.stop()).toBe(0);
    }
  }, 90_000);
});
