// The guard on cluster-wide writes, through renderControllerRole as rbac-gen runs it: every
// way a controller can ask for writes to a guarded resource (for, owns, @Rbac, wildcards)
// is refused naming the class and the option, until an @Rbac rule with clusterWide: true
// covers the group, resource, verbs and names; reads and namespaced Roles pass.
import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Lease, V1Secret } from '@kubernetes/client-node';
import { Controller, Rbac, Reconcile, Watches } from '@operant/core';
import { parse } from 'yaml';
import { GadgetReconciler } from '../../test/fixtures/controllers/gadget.controller.js';
import { WidgetReconciler } from '../../test/fixtures/controllers/widget.controller.js';
import { CliError } from '../errors.js';
import { guardedResources } from './cluster-wide.js';
import { renderControllerRole } from './command.js';

/** The message of what `render` throws (a CliError of kind clusterWide), or undefined. */
function refusal(render: () => unknown): string | undefined {
  try {
    render();
    return undefined;
  } catch (err) {
    if (!CliError.is(err, 'clusterWide')) throw err;
    return err.message;
  }
}

const header =
  'unable to generate the ClusterRole: cluster-wide write access to Secrets, Leases, RBAC roles and bindings, admission configurations or CRDs that no controller declares:\n  ';

describe('the cluster-wide write guard', () => {
  it('leaves Leases and Events out of the ClusterRole, and passes declared and read-only access', () => {
    const role = renderControllerRole([WidgetReconciler, GadgetReconciler]);
    expect(role).not.toContain('leases');
    expect(role).not.toContain('coordination.k8s.io');
    expect(parse(role).rules).toContainEqual({
      apiGroups: ['events.k8s.io'],
      resources: ['events'],
      verbs: ['create', 'patch'],
    });
  });

  it('refuses owns of a Secret, naming class and option, with the @Rbac that would declare it', () => {
    @Controller({ for: V1ConfigMap, owns: [V1Secret] })
    class SecretMaker {
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([SecretMaker]))).toBe(
      `${header}@Controller SecretMaker: owns[0] grants create, update, patch, delete on secrets in every namespace; declare it with @Rbac({ groups: [''], resources: ['secrets'], verbs: ['create', 'update', 'patch', 'delete'], clusterWide: true }), or generate a namespaced Role (--namespace)`,
    );
  });

  it('refuses for: a guarded kind (update, patch) and an undeclared @Rbac write, listing every one', () => {
    @Controller({ for: V1Lease })
    class LeaseKeeper {
      @Reconcile() async reconcile() {}
    }
    @Controller({ for: V1ConfigMap })
    @Rbac({ groups: ['rbac.authorization.k8s.io'], resources: ['clusterroles', 'roles'], verbs: ['get', 'escalate'] })
    class RoleEditor {
      @Reconcile() async reconcile() {}
    }
    const message = refusal(() => renderControllerRole([LeaseKeeper, RoleEditor]));
    expect(message?.split('\n  ').slice(1)).toEqual([
      "@Controller LeaseKeeper: for grants update, patch on leases.coordination.k8s.io in every namespace; declare it with @Rbac({ groups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['update', 'patch'], clusterWide: true }), or generate a namespaced Role (--namespace)",
      "@Controller RoleEditor: @Rbac({ groups: ['rbac.authorization.k8s.io'], resources: ['clusterroles', 'roles'], verbs: ['get', 'escalate'] }) grants escalate on clusterroles.rbac.authorization.k8s.io in every namespace; add clusterWide: true to that @Rbac to declare it, or generate a namespaced Role (--namespace)",
      "@Controller RoleEditor: @Rbac({ groups: ['rbac.authorization.k8s.io'], resources: ['clusterroles', 'roles'], verbs: ['get', 'escalate'] }) grants escalate on roles.rbac.authorization.k8s.io in every namespace; add clusterWide: true to that @Rbac to declare it, or generate a namespaced Role (--namespace)",
    ]);
  });

  it('refuses wildcards that reach guarded resources, naming every one they reach', () => {
    @Controller({ for: V1ConfigMap })
    @Rbac({ groups: ['*'], resources: ['*'], verbs: ['*'] })
    class Everything {
      @Reconcile() async reconcile() {}
    }
    const everyGuarded = Object.entries(guardedResources).flatMap(([group, resources]) =>
      resources.map((r) => (group === '' ? r : `${r}.${group}`)),
    );
    expect(refusal(() => renderControllerRole([Everything]))).toContain(
      `grants * on ${everyGuarded.join(', ')} in every namespace; add clusterWide: true`,
    );

    @Controller({ for: V1ConfigMap })
    @Rbac({ groups: ['apiextensions.k8s.io'], resources: ['*'], verbs: ['deletecollection'] })
    class CrdSweeper {
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([CrdSweeper]))).toContain(
      'grants deletecollection on customresourcedefinitions.apiextensions.k8s.io in every namespace',
    );
  });

  it('passes what a clusterWide rule covers, and refuses the verbs and names it does not', () => {
    @Controller({ for: V1ConfigMap, owns: [V1Secret] })
    @Rbac({ groups: [''], resources: ['secrets'], verbs: ['create', 'update', 'patch', 'delete'], clusterWide: true })
    class DeclaredSecrets {
      @Reconcile() async reconcile() {}
    }
    expect(parse(renderControllerRole([DeclaredSecrets])).rules).toContainEqual({
      apiGroups: [''],
      resources: ['secrets'],
      verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    });

    @Controller({ for: V1ConfigMap, owns: [V1Secret] })
    @Rbac({ groups: [''], resources: ['secrets'], verbs: ['create', 'update', 'patch'], clusterWide: true })
    class UndeclaredDelete {
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([UndeclaredDelete]))).toContain(
      '@Controller UndeclaredDelete: owns[0] grants delete on secrets in every namespace',
    );

    @Controller({ for: V1ConfigMap, owns: [V1Secret] })
    @Rbac({ groups: [''], resources: ['secrets'], verbs: ['*'], resourceNames: ['creds'], clusterWide: true })
    class NamedOnly {
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([NamedOnly]))).toContain(
      '@Controller NamedOnly: owns[0] grants create, update, patch, delete on secrets in every namespace',
    );
  });

  it('names the resourceNames of a limited grant', () => {
    @Controller({ for: V1ConfigMap })
    @Rbac({ groups: [''], resources: ['secrets'], verbs: ['update'], resourceNames: ['registry'] })
    class NamedSecret {
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([NamedSecret]))).toContain(
      'grants update on secrets named registry in every namespace',
    );
  });

  it('passes reads of guarded resources, another class declaring is not enough, and namespaced Roles are not checked', () => {
    @Controller({ for: V1ConfigMap })
    @Rbac({ groups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch'] })
    class Reader {
      @Watches(V1Secret) bySecret() {
        return [];
      }
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([Reader]))).toBeUndefined();

    @Controller({ for: V1ConfigMap, owns: [V1Secret] })
    class Owner {
      @Reconcile() async reconcile() {}
    }
    @Controller({ for: V1ConfigMap })
    @Rbac({ groups: [''], resources: ['secrets'], verbs: ['*'], clusterWide: true })
    class Declarer {
      @Reconcile() async reconcile() {}
    }
    expect(refusal(() => renderControllerRole([Owner, Declarer]))).toContain('@Controller Owner: owns[0]');
    expect(parse(renderControllerRole([Owner], { namespace: 'apps' })).kind).toBe('Role');
  });
});
