/**
 * `ApplyConfiguration<T>` as a type test (compiled by `pnpm typecheck`: each
 * `@ts-expect-error` line must fail to compile, every other line must compile) for a CRD
 * class and for built-in kinds, plus what `applyConfiguration()` and the controllerutil
 * apply helpers build at run time.
 */
import { describe, expect, it } from '@jest/globals';
import type { V1Deployment } from '@kubernetes/client-node';
import { CustomObject, CustomResource } from '@operant/crd';
import type { Wire } from '../api/time.js';
import { withControllerReference } from '../controllerutil/apply.js';
import { ConfigMap, Deployment, Namespace } from '../resources/kinds.js';
import { type ApplyConfiguration, applyConfiguration } from './apply-configuration.js';
import type { Client } from './interfaces.js';

interface SprocketSpec {
  size: number;
  ports: { name: string; port: number; protocol?: string }[];
  tags?: string[];
}
interface SprocketStatus {
  phase: string;
  conditions?: { type: string; status: string; reason?: string }[];
}

@CustomResource({ group: 'apply.operant.test', version: 'v1', kind: 'Sprocket', scope: 'Namespaced' })
class Sprocket extends CustomObject<SprocketSpec, SprocketStatus> {}

/** Compiled, never run: the checks are the compiler's. */
export function compiles(client: Client): Array<Promise<unknown>> {
  const identity = { apiVersion: 'apply.operant.test/v1', kind: 'Sprocket', metadata: { name: 's', namespace: 'ns' } };
  const typed: ApplyConfiguration<Sprocket> = { ...identity, spec: { ports: [{ port: 80 }] } };
  const fromClass: Promise<Sprocket> = client.apply(applyConfiguration(Sprocket, { metadata: { name: 's' } }));
  const fromToken: Promise<Wire<V1Deployment>> = client.apply(
    applyConfiguration(Deployment, {
      metadata: { name: 'd', namespace: 'ns', labels: { app: 'd' } },
      spec: { replicas: 2, template: { spec: { containers: [{ name: 'main', image: 'busybox:1' }] } } },
    }),
  );
  return [
    client.apply(typed, { fieldOwner: 'me', force: true }),
    fromClass,
    fromToken,
    client.apply<Sprocket>({ ...identity, spec: { size: 2 } }),
    client.status().apply<Sprocket>({ ...identity, status: { conditions: [{ type: 'Ready', status: 'True' }] } }),
    // a whole object of a registered class is still accepted
    client.apply(Object.assign(new Sprocket(), { metadata: { name: 's' }, spec: { size: 1, ports: [] } })),
  ];
}

export function refuses(client: Client): Array<Promise<unknown>> {
  const identity = { apiVersion: 'apply.operant.test/v1', kind: 'Sprocket', metadata: { name: 's', namespace: 'ns' } };
  return [
    // @ts-expect-error a field the type does not have
    client.apply<Sprocket>({ ...identity, spec: { sise: 2 } }),
    // @ts-expect-error a field of the wrong type
    client.apply<Sprocket>({ ...identity, spec: { size: 'two' } }),
    // @ts-expect-error an array element with a field its type does not have
    client.apply<Sprocket>({ ...identity, spec: { ports: [{ prot: 80 }] } }),
    // @ts-expect-error no metadata.name
    client.apply<Sprocket>({ apiVersion: 'apply.operant.test/v1', kind: 'Sprocket', metadata: {}, spec: { size: 1 } }),
    // @ts-expect-error no apiVersion on a partial object
    client.apply<Sprocket>({ kind: 'Sprocket', metadata: { name: 's' }, spec: { size: 1 } }),
    // @ts-expect-error a status field the type does not have
    client.status().apply<Sprocket>({ ...identity, status: { phaze: 'Ready' } }),
    // @ts-expect-error a built-in kind's wrong field
    client.apply(applyConfiguration(Deployment, { metadata: { name: 'd', namespace: 'ns' }, spec: { replica: 2 } })),
    // @ts-expect-error a namespaced kind token needs metadata.namespace
    client.apply(applyConfiguration(ConfigMap, { metadata: { name: 'c' }, data: { a: '1' } })),
    // @ts-expect-error a cluster-scoped kind token has no namespace
    client.apply(applyConfiguration(Namespace, { metadata: { name: 'n', namespace: 'ns' } })),
    // @ts-expect-error a map's values keep their type
    client.apply(applyConfiguration(ConfigMap, { metadata: { name: 'c', namespace: 'ns' }, data: { a: 1 } })),
  ];
}

describe('applyConfiguration', () => {
  it('should fill in apiVersion and kind from a kind token and from a CRD class', () => {
    expect(applyConfiguration(ConfigMap, { metadata: { name: 'c', namespace: 'ns' }, data: { a: '1' } })).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', namespace: 'ns' },
      data: { a: '1' },
    });
    expect(applyConfiguration(Sprocket, { metadata: { name: 's' }, spec: { size: 3 } })).toEqual({
      apiVersion: 'apply.operant.test/v1',
      kind: 'Sprocket',
      metadata: { name: 's' },
      spec: { size: 3 },
    });
  });

  it('should refuse a class it cannot resolve', () => {
    class Stray extends CustomObject {}
    expect(() => applyConfiguration(Stray, { metadata: { name: 'x' } })).toThrow('Stray');
  });

  it('should set a controller reference on a copy of an apply configuration', () => {
    const owner = {
      apiVersion: 'apply.operant.test/v1',
      kind: 'Sprocket',
      metadata: { name: 's', namespace: 'ns', uid: 'u-1' },
    };
    const config = applyConfiguration(ConfigMap, { metadata: { name: 'c', namespace: 'ns' }, data: { a: '1' } });
    const owned = withControllerReference(owner, config);
    expect(owned.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'apply.operant.test/v1',
        kind: 'Sprocket',
        name: 's',
        uid: 'u-1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(config.metadata.ownerReferences).toBeUndefined();
    expect(owned.data).toEqual({ a: '1' });
  });
});
