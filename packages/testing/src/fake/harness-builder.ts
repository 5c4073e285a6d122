/**
 * `HarnessBuilder`: the reconcile harness's `controllerManagedBy()`. It records the same
 * inputs as core's builder (it extends core's `ControllerInputs`, which `wireControllerInto`
 * also drives for decorated controllers) and turns them into the same sources, with kinds
 * read from the `Cluster` it is given (the harness: its cache is the fake client's
 * informers); `complete()` hands the controller to the harness, its reconciler run after
 * its dependents as the runtime runs it (`withDependents`: the same runners, cache index and
 * kept managedFields entry).
 * @module
 */

import type { Reconciler } from '@operant/core';
import { BuilderError } from '@operant/core/builder';
import type { DependentReconciler } from '@operant/core/dependent';
import { ControllerInputs } from '@operant/core/internal';
import type { Cluster } from '@operant/core/manager';
import { type Source } from '@operant/core/source';

export interface HarnessControllerSpec {
  name: string;
  /** The kind of `for()`, for the `controllerKind` log key (as the runtime's controller logs it). */
  kind?: string;
  reconciler: Reconciler;
  sources: Source[];
  /** The controller's `usePriorityQueue` (default true, as the runtime's). */
  usePriorityQueue: boolean;
}

export class HarnessBuilder extends ControllerInputs {
  constructor(
    private readonly cluster: Cluster,
    private readonly register: (spec: HarnessControllerSpec) => void,
    private readonly taken: (name: string) => boolean = () => false,
  ) {
    super();
  }

  /**
   * Adds the controller to the harness after the checks core's builder makes (the controller
   * rules; a `BuilderError` as `build()` throws). Of `withOptions`, only `usePriorityQueue` and
   * `finalizerName` are used: the harness runs one reconcile at a time. A controller with dependents needs no
   * reconciler of its own.
   */
  complete(reconciler?: DependentReconciler): HarnessControllerSpec {
    const { problems, forInfo, name, dependents } = this.check({
      resolve: (type) => this.cluster.registry.tryResolve(type),
      nameOwner: (taken) => (this.taken(taken) ? 'another controller' : undefined),
    });
    if (reconciler === undefined && this.dependentInputs.length === 0) {
      problems.push({ kind: 'missingReconcile', message: 'complete() needs a reconciler unless there are dependents' });
    }
    if (problems.length > 0) throw new BuilderError(problems);
    const spec = {
      name: name as string,
      kind: forInfo?.kind,
      reconciler: this.withDependents(reconciler, this.cluster, { name: name as string, forInfo, dependents }),
      sources: this.sources(this.cluster.cache, forInfo),
      usePriorityQueue: this.options.usePriorityQueue ?? true,
    };
    this.register(spec);
    return spec;
  }
}
