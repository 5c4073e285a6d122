/**
 * rangeLabelOf/childRangeLabelOf: the label the fallback sharder writes on a sharded object
 * (its own range) and on a child (its controller owner's range, only for a sharded owner).
 */
import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject, OwnerReference } from '../api/object.js';
import { fnv1a64 } from './fnv.js';
import { childRangeLabelOf, rangeLabelOf, type ShardedKind } from './range-label.js';
import { rangeIndex } from './ranges.js';

const SHARDED: ShardedKind[] = [
  { group: 'example.com', kind: 'Widget' },
  { group: '', kind: 'ConfigMap' },
];
const OWNER_UID = '6f1e4c1a-97c4-4b8e-9a0e-3f6d1c2b7a55';

function child(namespace: string, refs: Partial<OwnerReference>[]): KubernetesObject {
  const ownerReferences = refs.map((r) => ({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    name: 'w',
    uid: OWNER_UID,
    ...r,
  }));
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { namespace, name: 'child', uid: 'child-uid', ownerReferences },
  };
}

describe('rangeLabelOf', () => {
  it('labels a sharded object with the range of its uid hash: the top bits', () => {
    const obj = { metadata: { namespace: 'team-a', name: 'x', uid: OWNER_UID } };
    for (const ranges of [1, 2, 64, 4096]) {
      expect(rangeLabelOf(obj, 'uid', ranges)).toBe(String(rangeIndex(fnv1a64(OWNER_UID), ranges)));
      expect(rangeLabelOf(obj, 'namespace', ranges)).toBe(String(rangeIndex(fnv1a64('team-a'), ranges)));
    }
    expect(rangeLabelOf(obj, 'uid', 1)).toBe('0');
    expect(Number(rangeLabelOf(obj, 'uid', 4096))).toBe(Number(fnv1a64(OWNER_UID) >> 52n));
  });

  it('refuses a range count that is not a power of two', () => {
    expect(() => rangeLabelOf({ metadata: { uid: OWNER_UID } }, 'uid', 3)).toThrow(RangeError);
  });
});

describe('childRangeLabelOf', () => {
  it("gives a child its controller owner's range: the owner's uid hashed, not its own", () => {
    const label = childRangeLabelOf(child('team-a', [{ controller: true }]), 'uid', 64, SHARDED);
    expect(label).toBe(String(rangeIndex(fnv1a64(OWNER_UID), 64)));
    expect(label).not.toBe(String(rangeIndex(fnv1a64('child-uid'), 64)));
  });

  it("gives a child its own namespace's range under the namespace key (its owner's namespace)", () => {
    expect(childRangeLabelOf(child('team-b', [{ controller: true }]), 'namespace', 64, SHARDED)).toBe(
      String(rangeIndex(fnv1a64('team-b'), 64)),
    );
  });

  it('matches the owner by apiVersion group and kind, whatever the version', () => {
    const core = child('ns', [{ apiVersion: 'v1', kind: 'ConfigMap', controller: true }]);
    const otherVersion = child('ns', [{ apiVersion: 'example.com/v2beta1', controller: true }]);
    expect(childRangeLabelOf(core, 'uid', 8, SHARDED)).toBe(String(rangeIndex(fnv1a64(OWNER_UID), 8)));
    expect(childRangeLabelOf(otherVersion, 'uid', 8, SHARDED)).toBe(String(rangeIndex(fnv1a64(OWNER_UID), 8)));
  });

  it.each([
    ['no owner', []],
    ['an owner that is not the controller', [{ controller: false }]],
    ['a controller of another group', [{ apiVersion: 'other.io/v1', controller: true }]],
    ['a controller of another kind', [{ kind: 'Gadget', controller: true }]],
    ['a core controller named like a grouped kind', [{ apiVersion: 'v1', kind: 'Widget', controller: true }]],
  ] as [string, Partial<OwnerReference>[]][])('gives no label to a child with %s', (_, refs) => {
    expect(childRangeLabelOf(child('ns', refs), 'uid', 64, SHARDED)).toBeUndefined();
  });

  it('uses the controller reference among several owners', () => {
    const several = child('ns', [
      { kind: 'Gadget', uid: 'gadget-uid' },
      { uid: 'controller-uid', controller: true },
    ]);
    expect(childRangeLabelOf(several, 'uid', 64, SHARDED)).toBe(String(rangeIndex(fnv1a64('controller-uid'), 64)));
  });
});
