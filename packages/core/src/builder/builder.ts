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
 * controllerManagedBy(mgr).for(Widget).owns(ConfigMap).withEventFilter(predicate.generationChanged()).complete(reconciler);
 * ```
 * @module
 */

import type { Manager } from '../api/manager.js';
import type { Reconciler } from '../api/reconciler.js';
import { Controller } from '../controller/controller.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import { ControllerInputs } from './controller-inputs.js';
import { BuilderError, type BuilderProblem } from './errors.js';

export type { ForOptions, OwnsOptions, WatchesOptions } from './controller-inputs.js';

const typeName = (type: ResourceType): string =>
  typeof type === 'function' ? type.name || 'an anonymous class' : type.kind;

export class Builder extends ControllerInputs {
  constructor(private readonly manager: Manager) {
    super();
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
      connectivity: this.manager.cache.rest,
      ...this.options,
    });
    const sources = this.sources(this.manager.cache, forInfo);
    for (const source of sources) void controller.watch(source);
    this.manager.add(controller);
    return controller;
  }
}

/** Starts declaring a controller run by `manager` (controller-runtime's `builder.ControllerManagedBy`). */
export function controllerManagedBy(manager: Manager): Builder {
  return new Builder(manager);
}
