import { describe, expect, it } from '@jest/globals';
import type { CustomResourceDefinition } from '@operant/crd';
import { formatChange } from './change.js';
import { compareCrds, type StoredCrd } from './crd-rules.js';

type CrdVersion = CustomResourceDefinition['spec']['versions'][number];

const version = (name: string, storage: boolean, more: Partial<CrdVersion> = {}) => ({
  name,
  served: true,
  storage,
  schema: { openAPIV3Schema: { type: 'object' as const, properties: { spec: { type: 'object' as const } } } },
  ...more,
});

function crd(versions: CrdVersion[], scope: 'Namespaced' | 'Cluster' = 'Namespaced') {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.demo.operant.dev' },
    spec: {
      group: 'demo.operant.dev',
      names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
      scope,
      versions,
    },
  } satisfies CustomResourceDefinition;
}

const report = (old: StoredCrd[], next: CustomResourceDefinition[]) => compareCrds(old, next).map(formatChange);

describe('CRD rules', () => {
  it('passes the same CRD and a new served version', () => {
    expect(report([crd([version('v1', true)])], [crd([version('v1', true), version('v2', false)])])).toEqual([]);
  });

  it('crdRemoval: an old CRD no longer generated', () => {
    expect(report([crd([version('v1', true)])], [])).toEqual([
      'error [crdRemoval] widgets.demo.operant.dev: CRD no longer generated',
    ]);
  });

  it('scope: Namespaced to Cluster', () => {
    expect(report([crd([version('v1', true)])], [crd([version('v1', true)], 'Cluster')])).toEqual([
      'error [scope] widgets.demo.operant.dev: scope changed from Namespaced to Cluster',
    ]);
  });

  it('versionRemoval: a served version removed or no longer served', () => {
    const old = crd([version('v1', false), version('v2', true), version('v3', false)]);
    const next = crd([version('v2', true), version('v3', false, { served: false })]);
    expect(report([old], [next])).toEqual([
      'error [versionRemoval] widgets.demo.operant.dev v1: version removed',
      'error [versionRemoval] widgets.demo.operant.dev v3: version no longer served',
    ]);
  });

  it('storedVersionRemoval: a version still in status.storedVersions removed', () => {
    const old = {
      ...crd([version('v1', false, { served: false }), version('v2', true)]),
      status: { storedVersions: ['v1', 'v2'] },
    };
    expect(report([old], [crd([version('v2', true)])])).toEqual([
      'error [storedVersionRemoval] widgets.demo.operant.dev v1: a stored version was removed; migrate the stored objects and drop it from status.storedVersions first',
    ]);
  });

  it('storageVersion: the storage version moved', () => {
    expect(
      report([crd([version('v1', true), version('v2', false)])], [crd([version('v1', false), version('v2', true)])]),
    ).toEqual([
      'error [storageVersion] widgets.demo.operant.dev: storage version changed from v1 to v2; objects stored at v1 stay so until migrated',
    ]);
  });

  it('printerColumnRemoval: a warning', () => {
    const column = { name: 'Size', type: 'integer' as const, jsonPath: '.spec.size' };
    const changes = compareCrds(
      [crd([version('v1', true, { additionalPrinterColumns: [column] })])],
      [crd([version('v1', true)])],
    );
    expect(changes.map(formatChange)).toEqual([
      'warning [printerColumnRemoval] widgets.demo.operant.dev v1: printer column Size removed',
    ]);
  });

  it('compares the schemas of each version present in both, naming the version and the field', () => {
    const old = crd([version('v1', true)]);
    const next = crd([version('v1', true, { schema: { openAPIV3Schema: { type: 'object', properties: {} } } })]);
    expect(report([old], [next])).toEqual([
      'error [existingFieldRemoval] widgets.demo.operant.dev v1 spec: field spec removed',
    ]);
  });
});
