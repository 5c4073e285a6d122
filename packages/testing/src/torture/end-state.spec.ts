import { describe, expect, it } from '@jest/globals';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { resourceType } from '@operant/core/resources';
import { fakeClient } from '../fake/builder.js';
import { diffEndStates, readEndState } from './end-state.js';

const ConfigMap = resourceType<V1ConfigMap>({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

describe('readEndState', () => {
  it('drops volatile fields and writes the namespace and generated names as placeholders', async () => {
    const client = fakeClient().build();
    const parent: V1ConfigMap = await client.create<V1ConfigMap>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: 'torture-1', name: 'parent' },
    });
    await client.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        namespace: 'torture-1',
        generateName: 'child-',
        annotations: { checksum: 'abc', 'operant.test/at': 'x' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'parent', uid: parent.metadata?.uid ?? '' }],
      },
      data: { peer: 'torture-1/parent', lastSyncTime: 'now' },
    });
    await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'elsewhere', name: 'other' } });
    const state = await readEndState(client, [ConfigMap], 'torture-1', ['metadata.annotations.checksum']);
    expect(state).toEqual({
      ConfigMap: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: {
            name: 'child-<generated>',
            generateName: 'child-',
            annotations: { 'operant.test/at': 'x' },
            ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'parent' }],
          },
          data: { peer: '<namespace>/parent' },
        },
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'parent' } },
      ],
    });
  });
});

describe('diffEndStates', () => {
  const cm = (name: string, data: Record<string, string> = {}) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name },
    data,
  });

  it('is empty for equal states', () => {
    expect(diffEndStates({ ConfigMap: [cm('a', { x: '1' })] }, { ConfigMap: [cm('a', { x: '1' })] })).toEqual([]);
  });

  it('names objects only one side has, counts duplicates, and shows fields that differ', () => {
    const reference = { ConfigMap: [cm('a', { x: '1', y: '2' }), cm('b'), cm('g-<generated>')] };
    const state = { ConfigMap: [cm('a', { x: '3', z: '4' }), cm('c'), cm('g-<generated>'), cm('g-<generated>')] };
    expect(diffEndStates(reference, state)).toEqual([
      '~ ConfigMap a: data.x: "1" → "3"',
      '~ ConfigMap a: data.y: "2" → (absent)',
      '~ ConfigMap a: data.z: (absent) → "4"',
      '- ConfigMap b: 0 in this run, 1 in the reference',
      '+ ConfigMap c: 1 in this run, 0 in the reference',
      '+ ConfigMap g-<generated>: 2 in this run, 1 in the reference',
    ]);
  });
});
