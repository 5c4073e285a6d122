import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Deployment, V1StatefulSet } from '@kubernetes/client-node';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import { newManager } from '../manager/manager.js';
import { controllerManagedBy } from './builder.js';
import { BuilderError } from './errors.js';

const problems = (build: () => unknown): string[] => {
  try {
    build();
  } catch (err) {
    if (err instanceof BuilderError) return err.problems.map((p) => `${p.kind}: ${p.message}`);
    throw err;
  }
  throw new Error('expected a BuilderError');
};

describe('the dependent rules, applied by controllerManagedBy', () => {
  const mgr = newManager({ kubeConfig: unreachableKubeConfig() });
  const none = () => undefined;

  it('should need a reconciler unless there are dependents, and a for() kind for dependents', () => {
    expect(problems(() => controllerManagedBy(mgr).for(V1Deployment).named('a').complete())).toEqual([
      'missingReconcile: complete() needs a reconciler unless there are dependents',
    ]);
    expect(problems(() => controllerManagedBy(mgr).named('b').dependent(V1ConfigMap, none).complete())).toEqual([
      'noWatches: no watches configured, the controller would never run; use for(), owns() or watches()',
      'invalidDependent: dependents can only be used together with for(): they belong to its objects',
    ]);
  });

  it('should name each dependent by its kind unless named, and refuse a second one of that name and unknown names', () => {
    class Gizmo {}
    const build = () =>
      controllerManagedBy(mgr)
        .for(V1Deployment)
        .named('c')
        .dependent(V1ConfigMap, none)
        .dependent(V1ConfigMap, none, { dependsOn: ['secret'] })
        .dependent(Gizmo as never, none)
        .complete();
    expect(problems(build)).toEqual([
      'unknownKind: dependent(Gizmo) names Gizmo, an unknown kind; register it or use resourceType()',
      'invalidDependent: dependent(ConfigMap) configmap: the name configmap is already used by dependent(ConfigMap) configmap; set "name"',
      'invalidDependent: dependent(ConfigMap) configmap: dependsOn names secret, which is no dependent of this controller (configmap)',
    ]);
  });

  it('should build a controller of dependents only, and keep its name', () => {
    const controller = controllerManagedBy(mgr)
      .for(V1Deployment)
      .named('d')
      .dependent(V1ConfigMap, none, { name: 'settings' })
      .complete();
    expect(controller.name).toBe('d');
    expect(mgr.hasControllerName('d')).toBe(true);
  });

  it('should check external dependents with the others: one name space, dependsOn across both', () => {
    const resource = { read: none, apply: none, delete: none };
    const build = () =>
      controllerManagedBy(mgr)
        .for(V1Deployment)
        .named('e')
        .dependent(V1ConfigMap, none, { name: 'settings', dependsOn: ['record'] })
        .externalDependent(resource, { name: 'record', dependsOn: ['bucket'] })
        .externalDependent(resource, { name: 'settings' })
        .complete();
    expect(problems(build)).toEqual([
      'invalidDependent: externalDependent settings: the name settings is already used by dependent(ConfigMap) settings; set "name"',
      'invalidDependent: externalDependent record: dependsOn names bucket, which is no dependent of this controller (settings, record)',
    ]);
    const controller = controllerManagedBy(mgr)
      .for(V1Deployment)
      .named('f')
      .externalDependent(resource, { name: 'record' })
      .dependent(V1ConfigMap, none, { dependsOn: ['record'] })
      .complete();
    expect(controller.name).toBe('f');
  });

  it('should take a domain-qualified finalizerName and refuse any other', () => {
    const resource = { read: none, apply: none, delete: none };
    const build = (name: string, finalizerName: string) => () =>
      controllerManagedBy(mgr)
        .for(V1Deployment)
        .named(name)
        .withOptions({ finalizerName })
        .externalDependent(resource, { name: 'record' })
        .complete();
    expect(build('g', 'cache.example.com/registry-record')().name).toBe('g');
    for (const bad of ['registry-record', 'Example.com/record', 'example.com/', 'example.com/-record', 'a/b/c']) {
      expect(problems(build(`h-${bad}`, bad))).toEqual([
        `invalidDependent: finalizerName ${JSON.stringify(bad)} is not a domain-qualified name (example.com/name)`,
      ]);
    }
  });

  it('should refuse a second controller holding the same finalizer on the same kind for its external dependents', () => {
    const own = newManager({ kubeConfig: unreachableKubeConfig() });
    const resource = { read: none, apply: none, delete: none };
    const build = (name: string, type: typeof V1Deployment | typeof V1StatefulSet, finalizerName?: string) => () =>
      controllerManagedBy(own)
        .for(type)
        .named(name)
        .withOptions(finalizerName === undefined ? {} : { finalizerName })
        .externalDependent(resource, { name: 'record' })
        .complete();
    expect(build('first', V1Deployment)().name).toBe('first');
    expect(problems(build('second', V1Deployment))).toEqual([
      'invalidDependent: finalizerName "operant.dev/dependents" on Deployment is already held by controller first for its external dependents; give one of them another finalizerName',
    ]);
    expect(own.hasControllerName('second')).toBe(false);
    // another finalizer, another kind, or no external dependent: nothing shared
    expect(build('second', V1Deployment, 'example.com/second')().name).toBe('second');
    expect(build('third', V1StatefulSet)().name).toBe('third');
    const plain = controllerManagedBy(own).for(V1Deployment).named('fourth').dependent(V1ConfigMap, none).complete();
    expect(plain.name).toBe('fourth');
  });
});
