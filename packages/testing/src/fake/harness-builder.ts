/**
 * `HarnessBuilder`: the reconcile harness's `controllerManagedBy()`. It records the same
 * inputs as core's builder (it extends core's `ControllerInputs`, which `wireControllerInto`
 * also drives for decorated controllers) and turns them into the same sources, with kinds
 * read from the `Cluster` it is given (the harness: its cache is the fake client's
 * informers); `complete()` hands the controller to the harness.
 * @module
 */
import { type Reconciler } from '@operant/core';
import { BuilderError } from '@operant/core/builder';
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
   * rules; a `BuilderError` as `build()` throws). Of `withOptions`, only `usePriorityQueue` is
   * used: the harness runs one reconcile at a time.
   */
  complete(reconciler: Reconciler): HarnessControllerSpec {
    const { problems, forInfo, name } = this.check({
      resolve: (type) => this.cluster.registry.tryResolve(type),
      nameOwner: (taken) => (this.taken(taken) ? 'another controller' : undefined),
    });
    if (problems.length > 0) throw new BuilderError(problems);
    const spec = {
      name: name as string,
      kind: forInfo?.kind,
      reconciler,
      sources: this.sources(this.cluster.cache, forInfo),
      usePriorityQueue: this.options.usePriorityQueue ?? true,
    };
    this.register(spec);
    return spec;
  }
}
