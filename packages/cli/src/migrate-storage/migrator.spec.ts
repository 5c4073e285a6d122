import { describe, expect, it } from '@jest/globals';
import { fakeClient, type Interceptor } from '@operant/testing/fake';
import { runMigration, type StorageVersionMigration, StorageVersionMigrationKind } from './migrator.js';

const target = { group: 'demo.operant.dev', resource: 'widgets' };

/** Answers every get of a StorageVersionMigration with these conditions. */
const reporting =
  (...conditions: { type: string; status: string; message?: string }[]): Interceptor =>
  async (op, next) => {
    const found = (await next()) as StorageVersionMigration;
    return op.verb === 'get' ? { ...found, status: { conditions } } : found;
  };

const client = (interceptor?: Interceptor) => {
  const builder = fakeClient().withKinds(StorageVersionMigrationKind);
  return (interceptor ? builder.withInterceptor(interceptor) : builder).build();
};

describe('runMigration', () => {
  it('creates a StorageVersionMigration for the resource and resolves once it succeeded', async () => {
    const api = client(reporting({ type: 'Running', status: 'False' }, { type: 'Succeeded', status: 'True' }));
    const done = await runMigration(api, target, { timeoutMs: 1000, pollMs: 1 });
    expect(done.spec).toEqual({ resource: target });
    expect(done.metadata?.name).toMatch(/^widgets\.demo\.operant\.dev-/);
  });

  it('names the migration and its message when it failed', async () => {
    const api = client(reporting({ type: 'Failed', status: 'True', message: 'boom' }));
    await expect(runMigration(api, target, { timeoutMs: 1000, pollMs: 1 })).rejects.toThrow(
      /^unable to migrate widgets\.demo\.operant\.dev: StorageVersionMigration widgets\.demo\.operant\.dev-\S+ failed: boom$/,
    );
  });

  it('gives up after the timeout and names --via rewrite', async () => {
    await expect(runMigration(client(), target, { timeoutMs: 20, pollMs: 5 })).rejects.toThrow(
      /did not succeed within 0\.02 s; is kube-controller-manager running storage-version-migrator-controller .* --via rewrite migrates without it/,
    );
  });
});
