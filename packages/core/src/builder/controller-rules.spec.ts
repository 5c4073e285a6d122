import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Namespace } from '@kubernetes/client-node';
import { ResourceRegistry } from '../resources/registry.js';
import { type ControllerDeclaration, checkController } from './controller-rules.js';

const registry = new ResourceRegistry();
const env = { resolve: (t: never) => registry.tryResolve(t), nameOwner: () => undefined };
const declaration = (overrides: Partial<ControllerDeclaration>): ControllerDeclaration => ({
  subject: '',
  for: [],
  owns: [],
  watches: [],
  rawSources: 0,
  name: undefined,
  nameHint: 'use named()',
  ...overrides,
});

describe('the controller rules', () => {
  it('refuses a second for and a controller that watches nothing', () => {
    const twice = { type: V1ConfigMap, where: 'for()' };
    expect(checkController(declaration({ for: [twice, twice] }), env).problems).toEqual([
      { kind: 'duplicateFor', message: 'for() was called more than once; a controller reconciles one kind' },
    ]);
    expect(checkController(declaration({ name: 'idle' }), env).problems).toEqual([
      {
        kind: 'noWatches',
        message: 'no watches configured, the controller would never run; use for(), owns() or watches()',
      },
    ]);
  });

  it('names the controller from for, and starts every message with the subject', () => {
    const checked = checkController(
      declaration({
        subject: '@Controller Cms: ',
        for: [{ type: V1ConfigMap, where: 'for' }],
        owns: [{ type: class Gizmo {} as never, where: 'owns[0]' }],
        nameHint: 'set "name"',
      }),
      { ...env, nameOwner: (name) => (name === 'configmap' ? 'OtherCms' : undefined) },
    );
    expect(checked.name).toBe('configmap');
    expect(checked.forInfo?.kind).toBe('ConfigMap');
    expect(checked.problems.map((p) => p.message)).toEqual([
      '@Controller Cms: owns[0] names Gizmo, an unknown kind; register it or use resourceType()',
      '@Controller Cms: the name configmap is already used by OtherCms; set "name"',
    ]);
  });

  it('refuses sharded without a sharding manager or without for, and a cluster-scoped kind by namespace', () => {
    const forCm = { type: V1ConfigMap, where: 'for()' };
    expect(checkController(declaration({ for: [forCm], sharded: true }), env).problems).toEqual([
      { kind: 'shardingOff', message: 'sharded: true needs a manager with sharding on (ManagerOptions.sharding)' },
    ]);
    expect(
      checkController(declaration({ name: 'w', watches: [forCm], sharded: true }), { ...env, shardKey: 'uid' })
        .problems,
    ).toEqual([
      { kind: 'shardingOff', message: 'sharded: true needs for(): the objects of the for() kind are what is split' },
    ]);
    const forNs = { type: V1Namespace, where: 'for()' };
    expect(checkController(declaration({ for: [forNs] }), { ...env, shardKey: 'namespace' }).problems).toEqual([
      {
        kind: 'shardingOff',
        message:
          'for() names Namespace, a cluster-scoped kind, which cannot be sharded by namespace; set sharded: false or shard by uid',
      },
    ]);
    expect(
      checkController(declaration({ for: [forNs], sharded: false }), { ...env, shardKey: 'namespace' }).problems,
    ).toEqual([]);
    expect(checkController(declaration({ for: [forNs] }), { ...env, shardKey: 'uid' }).problems).toEqual([]);
  });
});
