import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import type { Request } from '../api/request.js';
import { Channel } from '../decorators/channel.decorator.js';
import { Controller } from '../decorators/controller.decorator.js';
import { getControllerMetadata } from '../decorators/metadata/storage.js';
import { createPredicateDecorator, GenerationChanged, Predicate } from '../decorators/predicate.decorator.js';
import { Reconcile } from '../decorators/reconcile.decorator.js';
import { Watches } from '../decorators/watches.decorator.js';
import { generationChanged } from '../predicate/changed.js';
import { namespace } from '../predicate/object-filters.js';
import { ResourceRegistry } from '../resources/registry.js';
import { resourceType } from '../resources/resource-type.js';
import { ScanError } from './errors.js';
import { type ControllerClass, scanControllers } from './scan-controller.js';

const Widget = resourceType({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const registry = new ResourceRegistry();
const OnlyProd = createPredicateDecorator(() => namespace('prod'), 'OnlyProd');

@Controller({ for: Widget, owns: [V1Deployment], maxConcurrentReconciles: 3, reconcileTimeoutMs: 30_000 })
@GenerationChanged()
class WidgetReconciler {
  @Watches(V1ConfigMap)
  @OnlyProd()
  widgetsUsing(cm: V1ConfigMap): Request[] {
    return [{ namespace: cm.metadata?.namespace ?? '', name: cm.metadata?.labels?.widget ?? '' }];
  }

  @Predicate()
  notPaused(): boolean {
    return true;
  }

  @Reconcile()
  async reconcile(): Promise<void> {}
}

const scanError = (types: ControllerClass[]): ScanError => {
  try {
    scanControllers(types, registry);
  } catch (err) {
    if (err instanceof ScanError) return err;
    throw err;
  }
  throw new Error('expected a ScanError');
};

describe('decorators record, the scanner builds a spec', () => {
  it('records member decorators before the class decorator, in any order', () => {
    const meta = getControllerMetadata(WidgetReconciler);
    expect(meta?.options?.for).toBe(Widget);
    expect(meta?.reconcileMethods).toEqual(['reconcile']);
    expect(meta?.watches.map((w) => w.member)).toEqual(['widgetsUsing']);
  });

  it('produces the controller spec the builder is driven with', () => {
    const [spec] = scanControllers([WidgetReconciler], registry);
    expect(spec).toMatchObject({
      name: 'widget',
      for: Widget,
      owns: [V1Deployment],
      reconcileMethod: 'reconcile',
      forPredicateMethods: ['notPaused'],
      options: { maxConcurrentReconciles: 3, reconcileTimeoutMs: 30_000 },
    });
    expect(spec?.forPredicates).toHaveLength(1); // @GenerationChanged on the class: the for kind only
    expect(spec?.forPredicates[0]?.update).toBeDefined();
    expect(spec?.watches[0]?.predicates).toHaveLength(1); // @OnlyProd on the watch method
    expect(
      spec?.watches[0]?.predicates[0]?.create?.({
        object: { metadata: { namespace: 'prod' } },
        isInInitialList: false,
      }),
    ).toBe(true);
    expect(
      spec?.watches[0]?.predicates[0]?.create?.({ object: { metadata: { namespace: 'dev' } }, isInInitialList: false }),
    ).toBe(false);
  });

  it('gives predicates on the @Reconcile method to the for kind only', () => {
    @Controller({ for: Widget, owns: [V1Deployment], name: 'primary-only' })
    class PrimaryOnly {
      @Watches(V1ConfigMap)
      widgetsUsing(): Request[] {
        return [];
      }

      @Reconcile()
      @GenerationChanged()
      async reconcile(): Promise<void> {}
    }

    const [spec] = scanControllers([PrimaryOnly], registry);
    expect(spec?.forPredicates).toHaveLength(1);
    expect(spec?.forPredicateMethods).toEqual([]);
    expect(spec?.watches[0]?.predicates).toEqual([]);
    const update = (generation: number) => ({
      objectOld: { metadata: { generation: 1 } },
      objectNew: { metadata: { generation } },
    });
    expect(spec?.forPredicates[0]?.update?.(update(1))).toBe(false);
    expect(spec?.forPredicates[0]?.update?.(update(2))).toBe(true);
  });

  it('reports every problem of every class at once, naming class, member and decorator', () => {
    class NotAController {}

    @Controller({ for: Widget })
    class NoReconcile {}

    @Controller({ for: Widget, name: 'twice' })
    class TwoReconciles {
      @Reconcile()
      async a(): Promise<void> {}
      @Reconcile()
      async b(): Promise<void> {}
    }

    class Unregistered {}

    @Controller({ for: Unregistered as never, name: 'unknown' })
    class UnknownKind {
      @Reconcile()
      async reconcile(): Promise<void> {}
    }

    @Controller({ for: Widget, name: 'shapes' })
    class BadShapes {
      @Watches(V1ConfigMap)
      map(_a: unknown, _b: unknown): Request[] {
        return [];
      }
      @Predicate(generationChanged())
      strayFilter(): void {}
      @Reconcile()
      async reconcile(): Promise<void> {}
    }

    @Controller({ for: Widget })
    class SameNameAsWidget {
      @Reconcile()
      async reconcile(): Promise<void> {}
    }

    const error = scanError([
      NotAController,
      NoReconcile,
      TwoReconciles,
      UnknownKind,
      BadShapes,
      WidgetReconciler,
      SameNameAsWidget,
    ] as ControllerClass[]);
    expect(error.problems.map((p) => p.message)).toEqual([
      'NotAController is listed in "controllers" but has no @Controller decorator',
      '@Controller NoReconcile has no method marked @Reconcile() and no @Dependent method',
      '@Controller TwoReconciles has @Reconcile() on a, b; exactly one method reconciles',
      '@Controller UnknownKind: for names Unregistered, an unknown kind; register it or use resourceType()',
      '@Watches on BadShapes.map: a map method takes one argument (the object) and returns requests; it takes 2',
      '@Predicate on BadShapes.strayFilter: the method has no @Watches; put the predicate on the class or the @Reconcile method (the "for" kind\'s events) or on a @Watches method (that watch\'s events)',
      '@Controller SameNameAsWidget: the name widget is already used by WidgetReconciler; set "name"',
    ]);
    expect(error.message).toMatch(/^found 7 problems in the controllers:/);
  });

  it('rejects bad decorator arguments where they are applied', () => {
    expect(() => {
      @Controller({ for: undefined as never })
      class NoFor {}
      return NoFor;
    }).toThrow('@Controller on NoFor: "for" must be a resource type (a class or resourceType())');
    expect(() => {
      @Watches(V1ConfigMap)
      class ClassWatchWithoutHandler {}
      return ClassWatchWithoutHandler;
    }).toThrow('@Watches on ClassWatchWithoutHandler: a class-level @Watches(Type) needs { handler }');
    expect(() => {
      @Predicate()
      class SelfOnClass {}
      return SelfOnClass;
    }).toThrow('@Predicate on SelfOnClass: with no predicates it must decorate a method');
  });
});

describe('the predicate scope rule: the class is the for kind, a @Watches method is that watch', () => {
  const update = (generation: number) => ({
    objectOld: { metadata: { generation: 1 } },
    objectNew: { metadata: { generation } },
  });

  it('maps each accepted placement to the for kind or to its watch, never to owned kinds', () => {
    @Controller({ for: Widget, owns: [V1Deployment], name: 'placements' })
    @GenerationChanged() // class: the for kind
    class Placements {
      @Watches(V1ConfigMap, { predicates: [namespace('a')] }) // the option: this watch
      @OnlyProd() // on the @Watches method: this watch
      fromConfigMaps(): Request[] {
        return [];
      }

      @Watches(V1Deployment)
      fromDeployments(): Request[] {
        return [];
      }

      @Predicate() // a predicate method: the for kind
      notPaused(): boolean {
        return true;
      }

      @Reconcile()
      @OnlyProd() // on the @Reconcile method: the class rule, the for kind
      async reconcile(): Promise<void> {}
    }

    const [spec] = scanControllers([Placements], registry);
    expect(spec?.forPredicates).toHaveLength(2);
    // member decorators are recorded before the class's: OnlyProd (@Reconcile), then GenerationChanged (class)
    const prodOnly = { object: { metadata: { namespace: 'dev' } }, isInInitialList: false };
    expect(spec?.forPredicates[0]?.create?.(prodOnly)).toBe(false);
    expect(spec?.forPredicates[1]?.update?.(update(1))).toBe(false);
    expect(spec?.forPredicateMethods).toEqual(['notPaused']);
    expect(spec?.watches.map((w) => [w.member, w.predicates.length])).toEqual([
      ['fromConfigMaps', 2],
      ['fromDeployments', 0],
    ]);
    expect(spec?.owns).toEqual([V1Deployment]);
  });

  it('refuses a predicate anywhere else, naming class, member and decorator', () => {
    @Controller({ for: Widget, name: 'stray' })
    class Stray {
      @Channel()
      @GenerationChanged()
      ticks(): AsyncIterable<never> {
        return (async function* () {})();
      }

      @Watches(V1ConfigMap)
      @Predicate()
      mapAndPredicate(): Request[] {
        return [];
      }

      @Reconcile()
      @Predicate()
      async reconcile(): Promise<void> {}
    }

    expect(scanError([Stray]).problems.map((p) => [p.kind, p.message])).toEqual([
      [
        'strayPredicate',
        '@GenerationChanged on Stray.ticks: the method has no @Watches; put the predicate on the class or the @Reconcile method (the "for" kind\'s events) or on a @Watches method (that watch\'s events)',
      ],
      [
        'strayPredicate',
        '@Predicate on Stray.mapAndPredicate: with no predicates the method is a predicate, but it is a @Watches map method; give the predicates as arguments, or use a method of its own',
      ],
      [
        'strayPredicate',
        '@Predicate on Stray.reconcile: with no predicates the method is a predicate, but it is the @Reconcile method; give the predicates as arguments, or use a method of its own',
      ],
    ]);
  });
});
