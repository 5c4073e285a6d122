import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import {
  addFinalizer,
  type Condition,
  containsFinalizer,
  findStatusCondition,
  getControllerOf,
  isStatusConditionTrue,
  removeFinalizer,
  removeStatusCondition,
  setControllerReference,
  setOwnerReference,
  setStatusCondition,
} from './index.js';

const owner = (name: string, kind = 'Widget', namespace = 'ns'): KubernetesObject => ({
  apiVersion: 'example.com/v1',
  kind,
  metadata: { name, namespace, uid: `uid-${name}` },
});
const child = (): KubernetesObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', namespace: 'ns' },
});

describe('owner references', () => {
  it('sets a controller reference once, updates it in place, and keeps other owners', () => {
    const obj = child();
    setOwnerReference(owner('other', 'Gadget'), obj);
    setControllerReference(owner('w'), obj);
    setControllerReference({ ...owner('w'), apiVersion: 'example.com/v2' }, obj);
    expect(obj.metadata?.ownerReferences).toEqual([
      { apiVersion: 'example.com/v1', kind: 'Gadget', name: 'other', uid: 'uid-other' },
      {
        apiVersion: 'example.com/v2',
        kind: 'Widget',
        name: 'w',
        uid: 'uid-w',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(getControllerOf(obj)?.name).toBe('w');
  });

  it('refuses a second controller, a cross-namespace owner and an owner without uid, naming the objects', () => {
    const obj = child();
    setControllerReference(owner('w'), obj);
    expect(() => setControllerReference(owner('x'), obj)).toThrow(
      'unable to set a controller reference on ConfigMap ns/c: it is already controlled by Widget w',
    );
    expect(() => setOwnerReference(owner('w', 'Widget', 'elsewhere'), child())).toThrow(/cross-namespace/);
    expect(() => setOwnerReference({ apiVersion: 'v1', kind: 'Widget', metadata: { name: 'n' } }, child())).toThrow(
      /needs apiVersion, kind, metadata.name and metadata.uid/,
    );
    // cluster-scoped owners may own namespaced objects
    setOwnerReference({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns', uid: 'u' } }, obj);
    expect(obj.metadata?.ownerReferences).toHaveLength(2);
  });
});

describe('finalizers', () => {
  it('adds and removes one finalizer without touching others, reporting changes', () => {
    const obj = child();
    obj.metadata!.finalizers = ['someone.else/keep'];
    expect(addFinalizer(obj, 'operant.dev/cleanup')).toBe(true);
    expect(addFinalizer(obj, 'operant.dev/cleanup')).toBe(false);
    expect(containsFinalizer(obj, 'operant.dev/cleanup')).toBe(true);
    expect(removeFinalizer(obj, 'operant.dev/cleanup')).toBe(true);
    expect(removeFinalizer(obj, 'operant.dev/cleanup')).toBe(false);
    expect(obj.metadata?.finalizers).toEqual(['someone.else/keep']);
  });
});

describe('status conditions', () => {
  it('writes lastTransitionTime as metav1.Time does: RFC 3339 in whole seconds', () => {
    const conditions: Condition[] = [];
    const now = new Date('2026-12-04T01:02:03.987Z');
    setStatusCondition(conditions, { type: 'Ready', status: 'False', reason: 'Creating', message: '' }, now);
    expect(conditions[0]?.lastTransitionTime).toBe('2026-12-04T01:02:03Z');
    setStatusCondition(
      conditions,
      { type: 'Ready', status: 'True', reason: 'Done', message: '' },
      new Date(now.getTime() + 500),
    );
    expect(conditions[0]?.lastTransitionTime).toBe('2026-12-04T01:02:04Z');
  });

  it('keeps lastTransitionTime unless the status flips, and reports changes', () => {
    const conditions: Condition[] = [];
    const t1 = new Date('2026-01-01T00:00:00Z');
    const t2 = new Date('2026-01-02T00:00:00Z');
    expect(
      setStatusCondition(conditions, { type: 'Ready', status: 'False', reason: 'Creating', message: '' }, t1),
    ).toBe(true);
    expect(
      setStatusCondition(conditions, { type: 'Ready', status: 'False', reason: 'Creating', message: '' }, t2),
    ).toBe(false);
    expect(
      setStatusCondition(
        conditions,
        { type: 'Ready', status: 'False', reason: 'Waiting', message: 'x', observedGeneration: 2 },
        t2,
      ),
    ).toBe(true);
    expect(findStatusCondition(conditions, 'Ready')?.lastTransitionTime).toBe('2026-01-01T00:00:00Z');
    setStatusCondition(conditions, { type: 'Ready', status: 'True', reason: 'Done', message: '' }, t2);
    expect(findStatusCondition(conditions, 'Ready')).toMatchObject({
      status: 'True',
      lastTransitionTime: '2026-01-02T00:00:00Z',
    });
    expect(isStatusConditionTrue(conditions, 'Ready')).toBe(true);
    expect(removeStatusCondition(conditions, 'Ready')).toBe(true);
    expect(conditions).toEqual([]);
  });
});
