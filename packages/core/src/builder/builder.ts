/**
 * `controllerManagedBy(manager)`: the imperative way to declare a controller, and what the
 * decorators drive. Methods record inputs; `build()` alone checks them against the
 * controller rules (`controller-rules.ts`; all problems in one error) and acts:
 *
 * - `for(Type)` → a kind source with `enqueueRequestForObject()`;
 * - `owns(Type)` → a kind source with `enqueueRequestForOwner(For, { onlyController: true })`;
 * - `dependent(Type, desired, options)` → a child kind applied from the primary (the
 *   reconciler runs after the dependents; without dependents `complete()` needs one), watched as `owns`;
 * - `watches(Type, handler)` → a kind source with that handler; `watchesRawSource(source)` as is;
 * - `withEventFilter(p)` → a predicate on every kind watch.
 *
 * A controller with external dependents holds a finalizer on its `for` kind; a second one
 * of the same manager holding the same finalizer on that kind is refused (the first to
 * finalize a primary would remove it before the other deleted its external resources).
 *
 * ```ts
 * controllerManagedBy(mgr).for(Widget).owns(ConfigMap).withEventFilter(predicate.generationChanged()).complete(reconciler);
 * ```
 * @module
 */

import { Controller } from '../controller/controller.js';
import { controllerMetrics } from '../controller/reconcile-metrics.js';
import { workqueueMetrics } from '../controller/workqueue-metrics.js';
import type { DependentReconciler } from '../dependent/dependent.js';
import { DEPENDENTS_FINALIZER } from '../dependent/external.js';
import type { Manager } from '../manager/interfaces.js';
import type { ResourceInfo } from '../resources/resource-type.js';
import { traceMetrics } from '../trace/trace-metrics.js';
import { ControllerInputs } from './controller-inputs.js';
import { BuilderError } from './errors.js';

export type { ForOptions, OwnsOptions, WatchesOptions } from './controller-inputs.js';

/** Per manager: which controller holds each finalizer (`<group>/<Kind> <finalizer>`) for its external dependents. */
const finalizerHolders = new WeakMap<Manager, Map<string, string>>();

export class Builder extends ControllerInputs {
  constructor(private readonly manager: Manager) {
    super();
  }

  /** Builds the controller and adds it to the manager; `reconciler` may be left out when it has dependents. */
  complete(reconciler?: DependentReconciler): Controller {
    return this.build(reconciler);
  }

  /** As `complete`; a `Reconciler` is a `DependentReconciler` that ignores the outcome. */
  build(reconciler?: DependentReconciler): Controller {
    const checked = this.check({
      resolve: (type) => this.manager.registry.tryResolve(type),
      nameOwner: (taken) => (this.manager.hasControllerName(taken) ? 'another controller' : undefined),
      shardKey: this.manager.sharding?.key,
    });
    const { problems, forInfo, name } = checked;
    if (reconciler === undefined && this.dependentInputs.length === 0) {
      problems.push({ kind: 'missingReconcile', message: 'complete() needs a reconciler unless there are dependents' });
    }
    const held = this.heldFinalizer(forInfo);
    const holder = held === undefined ? undefined : finalizerHolders.get(this.manager)?.get(held.key);
    if (held !== undefined && holder !== undefined) {
      problems.push({
        kind: 'invalidDependent',
        message: `finalizerName ${JSON.stringify(held.finalizer)} on ${forInfo?.kind} is already held by controller ${holder} for its external dependents; give one of them another finalizerName`,
      });
    }
    if (problems.length > 0) throw new BuilderError(problems);

    const sharding = this.manager.sharding;
    const forType = this.forInput?.type;
    const sharded = sharding !== undefined && (this.options.sharded ?? true) && forType !== undefined;
    this.manager.registerControllerName(name as string);
    if (held !== undefined) {
      const holders = finalizerHolders.get(this.manager) ?? new Map<string, string>();
      holders.set(held.key, name as string);
      finalizerHolders.set(this.manager, holders);
    }
    const shard = sharded ? sharding.gate(forType) : undefined;
    if (sharded) {
      const kinds = this.dependentInputs.flatMap((input) => (input.external ? [] : [input]));
      for (const input of [...this.ownsInputs, ...kinds]) sharding.own(input.type);
    }
    const run = this.withDependents(reconciler, this.manager, { ...checked, name: name as string });
    const controller = new Controller(name as string, run, {
      logger: this.manager.logger,
      metrics: controllerMetrics(this.manager.metrics),
      workqueueMetrics: workqueueMetrics(this.manager.metrics)(name as string),
      traceMetrics: traceMetrics(this.manager.metrics)(name as string),
      gracefulShutdownTimeoutMs: this.manager.gracefulShutdownTimeoutMs,
      usePriorityQueue: this.manager.usePriorityQueue,
      recordCauses: this.manager.recordCauses,
      reconcileTimeoutMs: this.manager.reconcileTimeoutMs,
      reconcileTimeoutGraceMs: this.manager.reconcileTimeoutGraceMs,
      kind: forInfo?.kind,
      connectivity: this.manager.rest,
      // a sharded controller runs on every member of its group: its gate fences it, not leadership
      ...(sharded ? { needLeaderElection: false, shard } : {}),
      ...this.options,
    });
    const sources = this.sources(this.manager.cache, forInfo);
    for (const source of sources) void controller.watch(source);
    this.manager.add(controller);
    return controller;
  }

  /** The finalizer this controller holds on its `for` kind, when it has external dependents. */
  private heldFinalizer(forInfo: ResourceInfo | undefined): { key: string; finalizer: string } | undefined {
    if (forInfo === undefined || !this.dependentInputs.some((input) => input.external)) return undefined;
    const finalizer = this.options.finalizerName ?? DEPENDENTS_FINALIZER;
    return { key: `${forInfo.group}/${forInfo.kind} ${finalizer}`, finalizer };
  }
}

/** Starts declaring a controller run by `manager` (controller-runtime's `builder.ControllerManagedBy`). */
export function controllerManagedBy(manager: Manager): Builder {
  return new Builder(manager);
}
