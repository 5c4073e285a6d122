/**
 * `controllerManagedBy(manager)`: the imperative way to declare a controller, and what the
 * decorators drive. Methods record inputs; `build()` alone checks them (all problems in one
 * error) and acts:
 *
 * - `for(Type)` → a kind source with `enqueueRequestForObject()`;
 * - `owns(Type)` → a kind source with `enqueueRequestForOwner(For, { onlyController: true })`;
 * - `watches(Type, handler)` → a kind source with that handler; `watchesRawSource(source)` as is;
 * - `withEventFilter(p)` → a predicate on every kind watch.
 *
 * ```ts
 * controllerManagedBy(mgr).for(Widget).owns(V1ConfigMap).withEventFilter(predicate.generationChanged()).complete(reconciler);
 * ```
 * @module
 */
import type { EventHandler } from '../api/event-handler.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import type { Reconciler } from '../api/reconciler.js';
import type { Source } from '../api/source.js';
import { Controller, type ControllerOptions } from '../controller/controller.js';
import { enqueueRequestForObject } from '../handler/enqueue-for-object.js';
import { enqueueRequestForOwner } from '../handler/enqueue-for-owner.js';
import type { Manager } from '../manager/manager.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import { kind } from '../source/kind.js';
import { BuilderError, type BuilderProblem } from './errors.js';

export interface ForOptions {
  predicates?: readonly Predicate[];
}

export interface OwnsOptions {
  predicates?: readonly Predicate[];
  /** Enqueue every owner of the kind, not only the controller owner. Default false. */
  matchEveryOwner?: boolean;
}

export interface WatchesOptions {
  predicates?: readonly Predicate[];
}

type KindInput = { type: ResourceType; predicates: readonly Predicate[] };

const typeName = (type: ResourceType): string =>
  typeof type === 'function' ? type.name || 'an anonymous class' : type.kind;

export class Builder {
  private forInput: KindInput | undefined;
  private readonly ownsInputs: (KindInput & { matchEveryOwner: boolean })[] = [];
  private readonly watchesInputs: (KindInput & { handler: EventHandler })[] = [];
  private readonly rawSources: Source[] = [];
  private readonly globalPredicates: Predicate[] = [];
  private name: string | undefined;
  private options: ControllerOptions = {};
  private forCalls = 0;

  constructor(private readonly manager: Manager) {}

  /** The kind this controller reconciles (one `for` per controller). */
  for(type: ResourceType, options: ForOptions = {}): this {
    this.forCalls++;
    this.forInput = { type, predicates: options.predicates ?? [] };
    return this;
  }

  /** A kind this controller creates; events on it reconcile its controller owner. */
  owns(type: ResourceType, options: OwnsOptions = {}): this {
    this.ownsInputs.push({
      type,
      predicates: options.predicates ?? [],
      matchEveryOwner: options.matchEveryOwner ?? false,
    });
    return this;
  }

  /** Events of any kind, mapped to requests by `handler`. */
  watches<T extends KubernetesObject>(
    type: ResourceType<T>,
    handler: EventHandler<T>,
    options: WatchesOptions = {},
  ): this {
    this.watchesInputs.push({ type, handler: handler as EventHandler, predicates: options.predicates ?? [] });
    return this;
  }

  /** A source as it is (channels, custom sources); the event filters do not apply to it. */
  watchesRawSource(source: Source): this {
    this.rawSources.push(source);
    return this;
  }

  /** Predicates applied to every `for`, `owns` and `watches` event. */
  withEventFilter(...predicates: Predicate[]): this {
    this.globalPredicates.push(...predicates);
    return this;
  }

  /** The controller's name (logs, metrics); defaults to the lowercase kind of `for`. */
  named(name: string): this {
    this.name = name;
    return this;
  }

  withOptions(options: ControllerOptions): this {
    this.options = { ...this.options, ...options };
    return this;
  }

  /** Builds the controller and adds it to the manager. */
  complete(reconciler: Reconciler): Controller {
    return this.build(reconciler);
  }

  build(reconciler: Reconciler): Controller {
    const problems: BuilderProblem[] = [];
    const resolve = (type: ResourceType, role: string): ResourceInfo | undefined => {
      const info = this.manager.registry.tryResolve(type);
      if (info === undefined) {
        problems.push({
          kind: 'unknownKind',
          message: `${role}(${typeName(type)}): unknown kind; register the class or use resourceType()`,
        });
      }
      return info;
    };
    const forInfo = this.forInput ? resolve(this.forInput.type, 'for') : undefined;
    for (const input of this.ownsInputs) resolve(input.type, 'owns');
    for (const input of this.watchesInputs) resolve(input.type, 'watches');
    if (this.forCalls > 1) {
      problems.push({
        kind: 'duplicateFor',
        message: 'for() was called more than once; a controller reconciles one kind',
      });
    }
    if (this.ownsInputs.length > 0 && this.forInput === undefined) {
      problems.push({ kind: 'ownsWithoutFor', message: 'owns() can only be used together with for()' });
    }
    if (this.forInput === undefined && this.watchesInputs.length === 0 && this.rawSources.length === 0) {
      problems.push({
        kind: 'noWatches',
        message: 'no watches configured, the controller would never run; use for(), owns() or watches()',
      });
    }
    const name = this.name ?? forInfo?.kind.toLowerCase();
    if (name === undefined) {
      if (this.forInput === undefined) {
        problems.push({ kind: 'missingName', message: 'a controller without for() needs a name: use named()' });
      }
    } else if (this.manager.hasControllerName(name)) {
      problems.push({ kind: 'duplicateName', message: `a controller named ${name} already exists; use named()` });
    }
    if (problems.length > 0) throw new BuilderError(problems);

    this.manager.registerControllerName(name as string);
    const controller = new Controller(name as string, reconciler, {
      logger: this.manager.logger,
      metrics: this.manager.metrics.controller,
      workqueueMetrics: this.manager.metrics.workqueue(name as string),
      gracefulShutdownTimeoutMs: this.manager.gracefulShutdownTimeoutMs,
      kind: forInfo?.kind,
      ...this.options,
    });
    const cache = this.manager.cache;
    const filters = (own: readonly Predicate[]) => [...this.globalPredicates, ...own];
    const sources: Source[] = [];
    if (this.forInput !== undefined) {
      sources.push(kind(cache, this.forInput.type, enqueueRequestForObject(), ...filters(this.forInput.predicates)));
    }
    for (const input of this.ownsInputs) {
      const handler = enqueueRequestForOwner(forInfo as ResourceInfo, { onlyController: !input.matchEveryOwner });
      sources.push(kind(cache, input.type, handler, ...filters(input.predicates)));
    }
    for (const input of this.watchesInputs) {
      sources.push(kind(cache, input.type, input.handler, ...filters(input.predicates)));
    }
    sources.push(...this.rawSources);
    for (const source of sources) void controller.watch(source);
    this.manager.add(controller);
    return controller;
  }
}

/** Starts declaring a controller run by `manager` (controller-runtime's `builder.ControllerManagedBy`). */
export function controllerManagedBy(manager: Manager): Builder {
  return new Builder(manager);
}
