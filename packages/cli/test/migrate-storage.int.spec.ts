// Changing a CRD's storage version on a real control plane: objects written at v1 are
// stored at v1 (read from etcd), the storage version moves to v2, `migrateStorage` moves
// them (through Kubernetes' StorageVersionMigration, and by rewriting them through the
// built CLI), after which etcd holds v2, `status.storedVersions` is [v2] and the API server
// accepts a CRD without v1 — which it refuses before the migration.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@operant/core';
import { ApiClient } from '@operant/core/client';
import { CustomResourceDefinition } from '@operant/core/kinds';
import { describeOrSkip, ownControlPlaneSkipReason, useControlPlane } from '@operant/testing/jest';
import { migrateStorage } from '../src/migrate-storage/migrate.js';
import { operant } from './fixtures/operant-bin.js';

const GROUP = 'migrate.operant.dev';
const schema = {
  openAPIV3Schema: {
    type: 'object',
    properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } },
  },
};

function crd(kind: string, plural: string) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${GROUP}` },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List` },
      versions: [
        { name: 'v1', served: true, storage: true, schema },
        { name: 'v2', served: true, storage: false, schema },
      ],
    },
  };
}

// the migrator waits for the garbage collector's view of the resource: both controllers run,
// and the CRDs are installed before kube-controller-manager starts (its discovery is then current)
const options = {
  crds: [crd('Gadget', 'gadgets'), crd('Gizmo', 'gizmos')] as never[],
  controllerManager: { controllers: ['garbage-collector-controller', 'storage-version-migrator-controller'] },
};

describeOrSkip('operant migrate-storage', ownControlPlaneSkipReason(options), () => {
  const env = useControlPlane(options);
  const api = () => new ApiClient({ kubeConfig: env.kubeConfig() });

  /** The etcd of the control plane: the `--etcd-servers` kube-apiserver was started with. */
  function etcdUrl(): string {
    const args = readFileSync(`/proc/${env.pids()['kube-apiserver']}/cmdline`, 'utf8').split('\0');
    return (args.find((a) => a.startsWith('--etcd-servers=')) as string).slice('--etcd-servers='.length);
  }

  /** The apiVersion of the object as etcd stores it (CRs are stored as JSON), through etcd's v3 HTTP gateway. */
  async function storedApiVersion(plural: string, name: string): Promise<string> {
    const key = Buffer.from(`/registry/${GROUP}/${plural}/default/${name}`).toString('base64');
    const response = await fetch(`${etcdUrl()}/v3/kv/range`, { method: 'POST', body: JSON.stringify({ key }) });
    const { kvs } = (await response.json()) as { kvs?: { value: string }[] };
    return JSON.parse(Buffer.from(kvs?.[0]?.value as string, 'base64').toString()).apiVersion;
  }

  /** Creates three objects at v1, moves the storage version to v2, and checks that dropping v1 is refused. */
  async function storeAtV1ThenSwitch(kind: string, plural: string): Promise<string[]> {
    const client = api();
    const names = ['a', 'b', 'c'];
    for (const name of names) {
      await client.create<KubernetesObject>({
        apiVersion: `${GROUP}/v1`,
        kind,
        metadata: { namespace: 'default', name },
        spec: { size: 1 },
      } as KubernetesObject);
    }
    expect(await Promise.all(names.map((n) => storedApiVersion(plural, n)))).toEqual(names.map(() => `${GROUP}/v1`));
    const live = await client.get(CustomResourceDefinition, { name: `${plural}.${GROUP}` });
    live.spec.versions = live.spec.versions.map((v) => ({ ...v, storage: v.name === 'v2' }));
    const switched = await client.update(live);
    expect(switched.status?.storedVersions).toEqual(['v1', 'v2']);
    const withoutV1 = {
      ...switched,
      spec: { ...switched.spec, versions: switched.spec.versions.filter((v) => v.name === 'v2') },
    };
    await expect(client.update(withoutV1)).rejects.toThrow(/must appear in spec.versions|storedVersions/);
    return names;
  }

  async function expectMigrated(plural: string, names: string[]): Promise<void> {
    expect(await Promise.all(names.map((n) => storedApiVersion(plural, n)))).toEqual(names.map(() => `${GROUP}/v2`));
    const client = api();
    const live = await client.get(CustomResourceDefinition, { name: `${plural}.${GROUP}` });
    expect(live.status?.storedVersions).toEqual(['v2']);
    // v1 can now leave the CRD
    live.spec.versions = live.spec.versions.filter((v) => v.name === 'v2');
    await client.update(live);
  }

  it('migrates through a StorageVersionMigration and prunes storedVersions', async () => {
    const names = await storeAtV1ThenSwitch('Gadget', 'gadgets');
    const result = await migrateStorage(api(), `gadgets.${GROUP}`, { timeoutMs: 60_000 });
    expect(result).toEqual({
      crd: `gadgets.${GROUP}`,
      storageVersion: 'v2',
      storedVersions: ['v1', 'v2'],
      via: 'migrator',
    });
    await expectMigrated('gadgets', names);
    expect((await migrateStorage(api(), `gadgets.${GROUP}`)).via).toBe('none');
  });

  it('operant migrate-storage --via rewrite writes every object back and prunes storedVersions', async () => {
    const names = await storeAtV1ThenSwitch('Gizmo', 'gizmos');
    const kubeconfig = await env.writeKubeconfig();
    const run = await operant('migrate-storage', `gizmos.${GROUP}`, '--via', 'rewrite', '--kubeconfig', kubeconfig);
    expect(run).toMatchObject({
      code: 0,
      stdout: `gizmos.${GROUP}: migrated to v2 by rewriting 3 object(s); storedVersions [v1, v2] -> [v2]\n`,
    });
    await expectMigrated('gizmos', names);
  });

  it('names a CRD that does not exist', async () => {
    await expect(migrateStorage(api(), `nothings.${GROUP}`)).rejects.toThrow(
      `unable to get CustomResourceDefinition nothings.${GROUP}`,
    );
  });
});

describe('operant migrate-storage (no cluster)', () => {
  it('names the kubeconfig it cannot load', async () => {
    const run = await operant('migrate-storage', 'widgets.demo.operant.dev', '--kubeconfig', '/nonexistent/kubeconfig');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('operant: unable to load /nonexistent/kubeconfig');
  });
});
