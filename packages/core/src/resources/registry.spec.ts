import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import { crdResolver } from './crd-adapter.js';
import { ResourceRegistry } from './registry.js';
import { resourceType } from './resource-type.js';

class Widget {
  metadata?: { name?: string };
}

describe('ResourceRegistry', () => {
  it('should know the built-in kinds by class and by apiVersion/kind', () => {
    const registry = new ResourceRegistry();
    expect(registry.resolve(V1Deployment)).toEqual({
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
      plural: 'deployments',
      namespaced: true,
    });
    expect(registry.lookup('v1', 'ConfigMap')).toBe(registry.resolve(V1ConfigMap));
  });

  it('should resolve descriptors as themselves', () => {
    const cert = resourceType({
      group: 'cert-manager.io',
      version: 'v1',
      kind: 'Certificate',
      plural: 'certificates',
      namespaced: true,
    });
    expect(new ResourceRegistry(false).resolve(cert).plural).toBe('certificates');
  });

  it('should fail with unknownKind for a class nobody knows', () => {
    expect(() => new ResourceRegistry().resolve(Widget)).toThrow(
      'unable to resolve the kind of Widget: register it or use resourceType()',
    );
  });

  it('should ask resolvers (the @operant/crd adapter) and remember the answer', () => {
    let asked = 0;
    const registry = new ResourceRegistry(false).addResolver(
      crdResolver((type) => {
        asked++;
        return type === Widget
          ? { group: 'example.com', version: 'v1', kind: 'Widget', plural: 'widgets', scope: 'Cluster' }
          : undefined;
      }),
    );
    expect(registry.resolve(Widget).namespaced).toBe(false);
    expect(registry.lookup('example.com/v1', 'Widget')?.plural).toBe('widgets');
    registry.resolve(Widget);
    expect(asked).toBe(1);
  });
});
