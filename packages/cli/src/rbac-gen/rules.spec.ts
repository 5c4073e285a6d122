// Rule computation without files or a cluster: the fixture controllers (for/owns/@Watches/
// @Rbac, a namespaced and a cluster-scoped kind) against the golden role, the merging rules,
// and the errors naming class and option.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { Controller, Dependent, Reconcile, Watches } from '@operant/core';
import { parse } from 'yaml';
import { GadgetReconciler } from '../../test/fixtures/controllers/gadget.controller.js';
import { WidgetReconciler } from '../../test/fixtures/controllers/widget.controller.js';
import { renderControllerRole } from './command.js';
import { rulesOf } from './rules.js';

const golden = new URL('../../test/fixtures/controllers/config/rbac/role.yaml', import.meta.url);

class Thing {}

describe('renderControllerRole', () => {
  it('writes the golden ClusterRole, whatever the order of the controllers', async () => {
    const expected = await readFile(golden, 'utf8');
    expect(renderControllerRole([WidgetReconciler, GadgetReconciler])).toBe(expected);
    expect(renderControllerRole([GadgetReconciler, WidgetReconciler, GadgetReconciler])).toBe(expected);
  });

  it('writes a namespaced Role with --namespace and --role-name', () => {
    const role = parse(renderControllerRole([WidgetReconciler], { namespace: 'widgets', roleName: 'widget-manager' }));
    expect(role).toMatchObject({ kind: 'Role', metadata: { name: 'widget-manager', namespace: 'widgets' } });
    expect(role.rules).toContainEqual({
      apiGroups: ['demo.operant.dev'],
      resources: ['widgets/finalizers'],
      verbs: ['update'],
    });
    expect(JSON.stringify(role.rules)).not.toContain('gadgets');
  });

  it('refuses a cluster-scoped kind in a namespaced Role, naming class and option', () => {
    expect(() => renderControllerRole([GadgetReconciler], { namespace: 'gadgets' })).toThrow(
      '@Controller GadgetReconciler: for names Gadget, a cluster-scoped kind, which a namespaced Role cannot grant; generate a ClusterRole (no --namespace)',
    );
  });

  it('names class and option for an unknown kind', () => {
    @Controller({ for: V1ConfigMap, owns: [V1ConfigMap, Thing as never] })
    class OwnsThing {
      @Reconcile() async reconcile() {}
    }
    @Controller({ for: V1ConfigMap })
    class WatchesThing {
      @Watches(Thing as never) things() {
        return [];
      }
    }
    expect(() => renderControllerRole([OwnsThing])).toThrow(
      '@Controller OwnsThing: owns[1] names Thing, an unknown kind (neither built in nor a @CustomResource class); use resourceType() for it',
    );
    expect(() => renderControllerRole([WatchesThing])).toThrow(
      '@Controller WatchesThing: @Watches(Thing) on things names Thing, an unknown kind',
    );
  });

  it('grants a @Dependent kind what applying and pruning its children takes, naming the method for an unknown kind', () => {
    @Controller({ for: V1ConfigMap, name: 'mirror' })
    class Mirror {
      @Dependent(V1ConfigMap) copy() {
        return undefined;
      }
    }
    const role = parse(renderControllerRole([Mirror]));
    expect(role.rules).toEqual([
      {
        apiGroups: [''],
        resources: ['configmaps'],
        verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
      },
      { apiGroups: [''], resources: ['configmaps/finalizers'], verbs: ['update'] },
      { apiGroups: [''], resources: ['configmaps/status'], verbs: ['get', 'patch', 'update'] },
    ]);
    @Controller({ for: V1ConfigMap })
    class DependsOnThing {
      @Dependent(Thing as never) thing() {
        return undefined;
      }
    }
    expect(() => renderControllerRole([DependsOnThing])).toThrow(
      '@Controller DependsOnThing: @Dependent(Thing) on thing names Thing, an unknown kind',
    );
  });

  it('refuses a class without @Controller', () => {
    expect(() => renderControllerRole([Thing])).toThrow('Thing has no @Controller decorator');
  });
});

describe('rulesOf', () => {
  it('unites verbs per group and resource, keeps resourceNames apart and collapses "*"', () => {
    expect(
      rulesOf([
        { group: 'apps', resource: 'deployments', verbs: ['watch', 'get'] },
        { group: 'apps', resource: 'deployments', verbs: ['get', 'list'] },
        { group: 'apps', resource: 'deployments', verbs: ['delete'], resourceNames: ['b', 'a'] },
        { group: 'batch', resource: 'jobs', verbs: ['get', '*'] },
      ]),
    ).toEqual([
      { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['apps'], resourceNames: ['a', 'b'], resources: ['deployments'], verbs: ['delete'] },
      { apiGroups: ['batch'], resources: ['jobs'], verbs: ['*'] },
    ]);
  });

  it('shares a rule only when it grants exactly the same group × resource product', () => {
    expect(
      rulesOf([
        { group: '', resource: 'pods', verbs: ['get'] },
        { group: '', resource: 'secrets', verbs: ['get'] },
        { group: 'x.dev', resource: 'pods', verbs: ['get'] },
      ]),
    ).toEqual([
      { apiGroups: [''], resources: ['pods', 'secrets'], verbs: ['get'] },
      { apiGroups: ['x.dev'], resources: ['pods'], verbs: ['get'] },
    ]);
  });
});
