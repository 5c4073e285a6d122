import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@operant/core';
import { operantMatchers } from './matchers.js';

expect.extend(operantMatchers);

const owner: KubernetesObject = {
  apiVersion: 'demo.operant.dev/v1',
  kind: 'Widget',
  metadata: { namespace: 'ns', name: 'w', uid: 'u-1' },
};

describe('operantMatchers', () => {
  it('toHaveCondition matches a condition by type and, when given, status', () => {
    const obj = {
      kind: 'Widget',
      metadata: { name: 'w' },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    };
    expect(obj).toHaveCondition('Ready');
    expect(obj).toHaveCondition('Ready', 'True');
    expect(obj).not.toHaveCondition('Ready', 'False');
    expect(obj).not.toHaveCondition('Degraded');
    expect(() => expect(obj).toHaveCondition('Ready', 'False')).toThrow(
      /expected Widget w to have condition "Ready=False"; conditions: "Ready=True"/,
    );
  });

  it('toBeOwnedBy matches an owner reference by uid, and the controller flag when asked', () => {
    const child = {
      kind: 'ConfigMap',
      metadata: {
        name: 'c',
        ownerReferences: [{ apiVersion: 'demo.operant.dev/v1', kind: 'Widget', name: 'w', uid: 'u-1' }],
      },
    };
    expect(child).toBeOwnedBy(owner);
    expect(child).not.toBeOwnedBy(owner, { controller: true });
    expect(child).not.toBeOwnedBy({ ...owner, metadata: { ...owner.metadata, uid: 'u-2' } });
    expect(() => expect(child).toBeOwnedBy(owner, { controller: true })).toThrow(
      /expected ConfigMap c to be owned by Widget ns\/w as its controller; owner references: "Widget w"/,
    );
  });
});
