/**
 * `@Dependent` records and the scanner checks: argument errors name the class, the member
 * and the decorator; a class with dependents needs no `@Reconcile`; names, `dependsOn`,
 * cycles and kinds are checked across the class, every problem in one ScanError; the
 * builder applies the same rules (`BuilderError`).
 */
import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Deployment, V1Secret } from '@kubernetes/client-node';
import { checkDependents } from '../builder/dependent-rules.js';
import { Controller } from '../decorators/controller.decorator.js';
import { Dependent } from '../decorators/dependent.decorator.js';
import { ExternalDependent } from '../decorators/external-dependent.decorator.js';
import { getControllerMetadata } from '../decorators/metadata/storage.js';
import { ResourceRegistry } from '../resources/registry.js';
import { ScanError } from './errors.js';
import { type ControllerClass, scanControllers } from './scan-controller.js';

/** A class no registry knows. */
class Gizmo {}
const registry = new ResourceRegistry();
const readyWhen = (cm: V1ConfigMap) => cm.data?.ready === 'yes';

@Controller({ for: V1Deployment })
class DeploymentDependents {
  @Dependent(V1ConfigMap, { readyWhen })
  settings() {
    return undefined;
  }

  @Dependent(V1Secret, { name: 'credentials', dependsOn: ['settings'], force: true })
  secret() {
    return undefined;
  }
}

describe('@Dependent and the scanner', () => {
  it('should record each method with its kind and options, and scan a class with dependents and no @Reconcile', () => {
    expect(getControllerMetadata(DeploymentDependents)?.dependents).toEqual([
      { type: V1ConfigMap, member: 'settings', options: { readyWhen } },
      { type: V1Secret, member: 'secret', options: { name: 'credentials', dependsOn: ['settings'], force: true } },
    ]);
    const [spec] = scanControllers([DeploymentDependents], registry);
    expect(spec?.reconcileMethod).toBeUndefined();
    expect(spec?.dependents.map((d) => d.options.name)).toEqual(['settings', 'credentials']);
  });

  it('should refuse bad arguments where the decorator is applied, naming class, member and decorator', () => {
    const apply = (args: unknown[]) => () => {
      class Bad {
        m() {}
      }
      const descriptor = Object.getOwnPropertyDescriptor(Bad.prototype, 'm') as PropertyDescriptor;
      (Dependent as (...a: unknown[]) => MethodDecorator)(...args)(Bad.prototype, 'm', descriptor);
    };
    expect(apply([undefined])).toThrow('@Dependent on Bad.m: the first argument must be a resource type');
    expect(apply([V1ConfigMap, { dependsOn: 'settings' }])).toThrow(
      '@Dependent on Bad.m: "dependsOn", when given, must be an array of dependent names',
    );
    expect(apply([V1ConfigMap, { readyWhen: true }])).toThrow(
      '@Dependent on Bad.m: "readyWhen", when given, must be a function',
    );
    expect(apply([V1ConfigMap, { force: 'yes' }])).toThrow(
      '@Dependent on Bad.m: "force", when given, must be true or false',
    );
    expect(apply([V1ConfigMap, { name: '' }])).toThrow(
      '@Dependent on Bad.m: "name", when given, must be a non-empty string',
    );
    expect(() => {
      class NotAMethod {
        @(Dependent(V1ConfigMap) as PropertyDecorator)
        value = 1;
      }
      return NotAMethod;
    }).toThrow('@Dependent on NotAMethod.value: only methods can return the desired children');
  });

  it('should report every problem of the dependents at once, naming class and member', () => {
    @Controller({ for: V1Deployment })
    class Tangled {
      @Dependent(V1ConfigMap, { dependsOn: ['b'] })
      a() {}

      @Dependent(V1ConfigMap, { dependsOn: ['a', 'missing'] })
      b() {}

      @Dependent(V1ConfigMap, { name: 'a' })
      c() {}

      @Dependent(Gizmo, { name: 'not a label!' })
      d() {}
    }
    const error = (() => {
      try {
        scanControllers([Tangled] as ControllerClass[], registry);
      } catch (err) {
        return err as ScanError;
      }
      throw new Error('expected a ScanError');
    })();
    expect(ScanError.is(error)).toBe(true);
    expect(error.problems.map((p) => p.message)).toEqual([
      '@Controller Tangled: @Dependent on Tangled.c: the name a is already used by @Dependent on Tangled.a; set "name"',
      '@Controller Tangled: @Dependent on Tangled.d: the name "not a label!" is not a label value (at most 63 letters, digits, "-", "_", "."); set "name"',
      '@Controller Tangled: @Dependent on Tangled.b: dependsOn names missing, which is no dependent of this controller (a, b, not a label!)',
      '@Controller Tangled: the dependents depend on each other in a cycle: a → b → a',
      '@Controller Tangled: @Dependent on Tangled.d names Gizmo, an unknown kind; register it or use resourceType()',
    ]);
  });

  it('should need a for kind, in the builder as in the scanner', () => {
    expect(
      checkDependents('', [{ name: 'settings', dependsOn: [], where: 'dependent(ConfigMap) settings' }], false),
    ).toEqual([
      {
        kind: 'invalidDependent',
        message: 'dependents can only be used together with for(): they belong to its objects',
      },
    ]);
    expect(checkDependents('', [], false)).toEqual([]);
  });

  it('should record @ExternalDependent methods among the dependents, named by the method, checked with them', () => {
    @Controller({ for: V1Deployment })
    class Records {
      @Dependent(V1ConfigMap, { dependsOn: ['bucket'] })
      settings() {}

      @ExternalDependent({ readyWhen })
      bucket() {}

      @ExternalDependent({ name: 'settings', dependsOn: ['nothing'] })
      other() {}
    }
    expect(getControllerMetadata(Records)?.dependents.map((d) => [d.member, d.external ?? false])).toEqual([
      ['settings', false],
      ['bucket', true],
      ['other', true],
    ]);
    expect(() => scanControllers([Records] as ControllerClass[], registry)).toThrow(
      /@ExternalDependent on Records.other: the name settings is already used by @Dependent on Records.settings/,
    );
    const bad = (options: unknown) => () => {
      class Bad {
        m() {}
      }
      const descriptor = Object.getOwnPropertyDescriptor(Bad.prototype, 'm');
      ExternalDependent(options as never)(Bad.prototype, 'm', descriptor as PropertyDescriptor);
    };
    expect(bad({ name: '' })).toThrow('@ExternalDependent on Bad.m: "name", when given, must be a non-empty string');
    expect(bad({ activeWhen: true })).toThrow(
      '@ExternalDependent on Bad.m: "activeWhen", when given, must be a function',
    );
  });

  it('should take finalizerName as an option of @Controller, checked by the scanner', () => {
    @Controller({ for: V1Deployment, finalizerName: 'example.com/records' })
    class Named {
      @ExternalDependent()
      record() {}
    }
    expect(scanControllers([Named], registry)[0]?.options.finalizerName).toBe('example.com/records');
    @Controller({ for: V1Deployment, finalizerName: 'records' })
    class Unqualified {
      @ExternalDependent()
      record() {}
    }
    expect(() => scanControllers([Unqualified], registry)).toThrow(
      '@Controller Unqualified: finalizerName "records" is not a domain-qualified name (example.com/name)',
    );
  });
});
