import { describe, expect, it } from '@jest/globals';
import { CustomObject, CustomResource } from '@operant/crd';
import { ResourceRegistry } from './registry.js';

@CustomResource({ group: 'demo.operant.dev', version: 'v1alpha1', kind: 'Gizmo', scope: 'Namespaced' })
class Gizmo extends CustomObject<{ size: number }> {}

@CustomResource({ group: 'demo.operant.dev', version: 'v1', kind: 'Policy', plural: 'policies', scope: 'Cluster' })
class Policy extends CustomObject<{ rules: string[] }> {}

describe('ResourceRegistry and @CustomResource classes', () => {
  it('resolves CRD classes from their @operant/crd metadata, with the same default plural as buildCrd', () => {
    const registry = new ResourceRegistry();
    expect(registry.resolve(Gizmo)).toEqual({
      group: 'demo.operant.dev',
      version: 'v1alpha1',
      kind: 'Gizmo',
      plural: 'gizmos',
      namespaced: true,
    });
    expect(registry.resolve(Policy)).toMatchObject({ plural: 'policies', namespaced: false });
    expect(registry.lookup('demo.operant.dev/v1alpha1', 'Gizmo')?.plural).toBe('gizmos');
  });
});
