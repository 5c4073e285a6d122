import { describe, expect, it } from '@jest/globals';
import { CoreV1Event, EventsV1Event, V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import type { Wire } from '../api/time.js';
import { builtinKinds, supportsStrategicMerge } from './builtins.js';
import { crdResolver } from './crd-adapter.js';
import { ConfigMap, Deployment, Event, EventsV1Event as EventsEvent, Pod } from './kinds.js';
import { ResourceRegistry } from './registry.js';
import { type ObjectOf, resourceType } from './resource-type.js';

class Widget {
  metadata?: { name?: string };
}

describe('ResourceRegistry', () => {
  it('should know the built-in kinds by token and by apiVersion/kind', () => {
    const registry = new ResourceRegistry();
    expect(registry.resolve(Deployment)).toMatchObject({
      apiVersion: 'apps/v1',
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
      plural: 'deployments',
      namespaced: true,
    });
    expect(registry.lookup('v1', 'Pod')).toBe(Pod);
    expect(registry.lookup('events.k8s.io/v1', 'Event')).toBe(EventsEvent);
  });

  it("should still accept client-node's model classes, by their name", () => {
    const registry = new ResourceRegistry();
    expect(registry.resolve(V1Deployment)).toBe(Deployment);
    expect(registry.resolve(CoreV1Event)).toBe(Event);
    expect(registry.resolve(EventsV1Event)).toBe(EventsEvent);
    expect(registry.lookup('v1', 'ConfigMap')).toBe(registry.resolve(V1ConfigMap));
  });

  it('should not take a class for a client-node model because it shares the name', () => {
    const V1Deployment = class {};
    expect(new ResourceRegistry().tryResolve(V1Deployment)).toBeUndefined();
  });

  it('should have one token per built-in kind, and strategic merge for exactly those', () => {
    const keys = builtinKinds.map((k) => `${k.apiVersion}/${k.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['v1/ConfigMap', 'apps/v1/Deployment', 'batch/v1/CronJob']));
    expect(supportsStrategicMerge(ConfigMap)).toBe(true);
    expect(supportsStrategicMerge({ ...ConfigMap, group: 'example.com' })).toBe(false);
  });

  it('should type a token by the object it reads and writes', () => {
    const deployment: ObjectOf<typeof Deployment> = { spec: { selector: {}, template: {} } };
    const typed: Wire<V1Deployment> = deployment; // a compile-time check: the token carries V1Deployment as the wire does
    expect(typed.spec?.selector).toEqual({});
    expect(Object.isFrozen(Deployment)).toBe(true);
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
