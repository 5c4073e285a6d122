import { describe, expect, it } from '@jest/globals';
import { isConflict, type KubernetesObject } from '@operant/core';
import { resourceType } from '@operant/core/resources';
import { failWith, fakeClient, type Interceptor } from '@operant/testing/fake';
import { rewriteAll } from './rewrite.js';

type Gizmo = KubernetesObject & { spec: { size: number } };
const Gizmo = resourceType<Gizmo>({
  group: 'migrate.operant.dev',
  version: 'v2',
  kind: 'Gizmo',
  plural: 'gizmos',
  namespaced: true,
});
const gizmo = (name: string): Gizmo => ({
  apiVersion: Gizmo.apiVersion,
  kind: 'Gizmo',
  metadata: { namespace: 'default', name },
  spec: { size: 1 },
});

/** Counts the updates that reach the fake, by object name. */
function countUpdates(counts: Record<string, number>): Interceptor {
  return async (op, next) => {
    if (op.verb === 'update') counts[op.name ?? ''] = (counts[op.name ?? ''] ?? 0) + 1;
    return next();
  };
}

describe('rewriteAll', () => {
  it('writes every object back once, unchanged', async () => {
    const counts: Record<string, number> = {};
    const client = fakeClient()
      .withKinds(Gizmo)
      .withObjects(gizmo('a'), gizmo('b'))
      .withInterceptor(countUpdates(counts))
      .build();
    expect(await rewriteAll(client, Gizmo)).toBe(2);
    expect(counts).toEqual({ a: 1, b: 1 });
    expect((await client.get(Gizmo, { namespace: 'default', name: 'a' })).spec).toEqual({ size: 1 });
  });

  it('rereads and retries on a conflict; skips an object deleted meanwhile', async () => {
    const counts: Record<string, number> = {};
    const client = fakeClient()
      .withKinds(Gizmo)
      .withObjects(gizmo('a'), gizmo('b'), gizmo('c'))
      .withInterceptor(
        countUpdates(counts),
        failWith('conflict', { verb: 'update', name: 'a' }, 2),
        failWith('notFound', { verb: 'update', name: 'c' }),
      )
      .build();
    expect(await rewriteAll(client, Gizmo)).toBe(2);
    expect(counts).toEqual({ a: 3, b: 1, c: 1 });
  });

  it('gives up after five conflicts on one object', async () => {
    const client = fakeClient()
      .withKinds(Gizmo)
      .withObjects(gizmo('a'))
      .withInterceptor(failWith('conflict', { verb: 'update', name: 'a' }, 5))
      .build();
    const err = await rewriteAll(client, Gizmo).catch((e: unknown) => e);
    expect(isConflict(err)).toBe(true);
  });
});
